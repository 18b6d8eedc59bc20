import { amountFitsCurrency, CURRENCIES, CURRENCY_CODES, type CurrencyCode, currencyDecimalsMessage } from '@plansmith/contract';
import { Select, type SelectProps } from 'antd';
import type { Rule } from 'antd/es/form';

const OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: code, title: `${code} · ${CURRENCIES[code].name}` }));

/**
 * The Currency field beside an item's or expense's Amount (DESIGN.md §17): the code in the field,
 * the code and name in the list, searchable by either.
 */
export const CurrencySelect = (props: Omit<SelectProps, 'options'>) => (
  <Select
    showSearch={{ optionFilterProp: 'title' }}
    options={OPTIONS}
    optionRender={(option) => option.data.title}
    popupMatchSelectWidth={240}
    aria-label="Currency"
    {...props}
  />
);

/**
 * The rule of an amount in another currency than the base: required, not negative, at most that
 * currency's decimals (JPY none, KWD 3), in the server's words. The base currency keeps moneyRules.
 */
export const currencyAmountRules = (currency: CurrencyCode, required: string): Rule[] => [
  { required: true, message: required },
  {
    validator: (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) return Promise.resolve();
      if (!Number.isFinite(value) || value < 0) return Promise.reject(new Error('The amount cannot be negative.'));
      if (!amountFitsCurrency(value, currency)) return Promise.reject(new Error(currencyDecimalsMessage('Amount', currency)));
      return Promise.resolve();
    },
  },
];
