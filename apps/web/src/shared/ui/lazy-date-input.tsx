import { type ComponentProps, lazy, Suspense } from 'react';
import type { DateInput as EagerDateInput } from './date-input.tsx';

/**
 * The shared DateInput with its code (antd's picker panels, ~28 KB compressed) loaded on first
 * render instead of with the page, so a page that shows a date field only in a filter does not pay
 * for it in its first load. Until it arrives a box of the field's size and look holds its place (no
 * layout shift). Same props as DateInput; forms that load lazily themselves import DateInput directly.
 */
type DateInputProps = ComponentProps<typeof EagerDateInput>;

const Loaded = lazy(async () => ({ default: (await import('./date-input.tsx')).DateInput }));

/** The field's outline while the code loads: antd's middle-size input box. */
const Placeholder = ({ style }: { style?: DateInputProps['style'] }) => (
  <span
    aria-busy="true"
    style={{
      display: 'inline-block',
      boxSizing: 'border-box',
      height: 32,
      width: 148,
      border: '1px solid #d9d9d9',
      borderRadius: 6,
      background: '#fff',
      verticalAlign: 'top',
      ...style,
    }}
  />
);

export const LazyDateInput = (props: DateInputProps) => (
  <Suspense fallback={<Placeholder style={props.style} />}>
    <Loaded {...props} />
  </Suspense>
);
