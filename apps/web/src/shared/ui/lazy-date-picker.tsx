import type { DatePicker as AntDatePicker, GetProps } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * antd's DatePicker with its code (the picker panels, ~28 KB compressed) loaded on first render
 * instead of with the page, so a page that shows a date field only in a filter or a modal does not
 * pay for it in its first load. Until it arrives a box of the field's size and look holds its place
 * (no layout shift). Same props as antd's: `DatePicker` and `DatePicker.RangePicker`.
 */
type DatePickerProps = GetProps<typeof AntDatePicker>;
type RangePickerProps = GetProps<typeof AntDatePicker.RangePicker>;

const loadPicker = () => import('antd/es/date-picker');

const Single = lazy(async () => ({ default: (await loadPicker()).default as ComponentType<DatePickerProps> }));
const Range = lazy(async () => ({ default: (await loadPicker()).default.RangePicker as ComponentType<RangePickerProps> }));

/** The field's outline while the picker's code loads: antd's middle-size input box. */
const Placeholder = ({ width, style }: { width: number | string; style?: DatePickerProps['style'] }) => (
  <span
    aria-busy="true"
    style={{
      display: 'inline-block',
      boxSizing: 'border-box',
      height: 32,
      width,
      border: '1px solid #d9d9d9',
      borderRadius: 6,
      background: '#fff',
      verticalAlign: 'top',
      ...style,
    }}
  />
);

const SingleDatePicker = (props: DatePickerProps) => (
  <Suspense fallback={<Placeholder width={148} style={props.style} />}>
    <Single {...props} />
  </Suspense>
);

const RangePicker = (props: RangePickerProps) => (
  <Suspense fallback={<Placeholder width={262} style={props.style} />}>
    <Range {...props} />
  </Suspense>
);

export const DatePicker = Object.assign(SingleDatePicker, { RangePicker });
