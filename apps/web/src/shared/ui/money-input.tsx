import { InputNumber, type InputNumberProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { moneyProblem } from '../format/money-rules.ts';

export { moneyProblem };

/** The rule of every MoneyInput; `required` adds the "enter an amount" message. */
export const moneyRules = (options: { required?: string; allowNegative?: boolean } = {}): Rule[] => [
  ...(options.required ? [{ required: true, message: options.required }] : []),
  {
    validator: (_rule, value: number | null | undefined) => {
      const problem = value === null || value === undefined ? null : moneyProblem(value, options);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

/**
 * The one money field of the app: it keeps exactly what was typed (no rounding to cents, no
 * clamping to zero or to a maximum), so moneyRules can say what is wrong instead.
 */
export const MoneyInput = (props: Omit<InputNumberProps<number>, 'min' | 'max' | 'precision' | 'stringMode'>) => (
  <InputNumber<number> prefix="$" style={{ width: '100%' }} {...props} />
);
