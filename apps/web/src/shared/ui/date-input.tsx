import { DatePicker, type DatePickerProps } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { FocusEvent, KeyboardEvent } from 'react';
import { dateInputExample, dateInputFormats, dateInputHint } from '../format/dates.ts';

dayjs.extend(customParseFormat);

/**
 * What a date field accepts when typed (DESIGN.md §12, §17): the forms of the person's locale
 * (shared/format/dates.ts dateInputFormats), the first being how it is shown. Every date field of the
 * app uses these, so the plan and expense forms read and accept the same.
 */

// Text typed that is no date: kept beside its invalid value so the error can quote it.
const typedTexts = new WeakMap<Dayjs, string>();

/** The typed text as a date in one of the accepted forms of `locale` (the display locale by default), or null. */
export const parseTypedDate = (text: string, locale?: string): Dayjs | null => {
  const trimmed = text.trim();
  for (const format of dateInputFormats(locale)) {
    const parsed = dayjs(trimmed, format, true);
    if (parsed.isValid()) return parsed;
  }
  return null;
};

/** The form rule every DateInput takes: a typed text that is no date is an error that quotes it. */
export const validDateRule: Rule = {
  validator: (_rule, value: Dayjs | null | undefined) =>
    value && !value.isValid()
      ? Promise.reject(new Error(`“${typedTexts.get(value) ?? ''}” is not a date we can read. Type it as ${dateInputHint()}.`))
      : Promise.resolve(),
};

type DateInputProps = Omit<DatePickerProps, 'value' | 'onChange' | 'format' | 'picker'> & {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
};

/**
 * The one date field of the app: a DatePicker that accepts the typed forms above and never drops a
 * typed date. On Enter or leaving the field, the text is read: a date in any accepted form becomes
 * the value (before the form submits); anything else becomes an invalid value that validDateRule
 * reports, instead of the picker quietly putting the previous date back.
 */
export const DateInput = ({ value, onChange, onBlur, onKeyDown, ...props }: DateInputProps) => {
  const commitText = (input: EventTarget) => {
    if (!(input instanceof HTMLInputElement)) return;
    const text = input.value.trim();
    if (text === '') return;
    const parsed = parseTypedDate(text);
    if (parsed) {
      if (!value?.isValid() || !parsed.isSame(value, 'day')) onChange?.(parsed);
      return;
    }
    const invalid = dayjs(Number.NaN);
    typedTexts.set(invalid, text);
    onChange?.(invalid);
  };
  return (
    <DatePicker
      {...props}
      format={dateInputFormats()}
      placeholder={props.placeholder ?? dateInputExample()}
      value={value?.isValid() ? value : null}
      status={value && !value.isValid() ? 'error' : props.status}
      onChange={(next) => onChange?.(Array.isArray(next) ? (next[0] ?? null) : next)}
      onKeyDown={(event: KeyboardEvent<HTMLElement>, preventDefault: () => void) => {
        // Tab too: the picker puts back the previous text before its (delayed) blur reaches us.
        if (event.key === 'Enter' || event.key === 'Tab') commitText(event.target);
        onKeyDown?.(event, preventDefault);
      }}
      onBlur={(event: FocusEvent<HTMLElement>, info) => {
        commitText(event.target);
        onBlur?.(event, info);
      }}
    />
  );
};
