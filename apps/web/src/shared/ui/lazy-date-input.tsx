import { type ComponentProps, lazy, Suspense } from 'react';
import type { DateInput as EagerDateInput } from './date-input.tsx';
import { FieldOutline } from './field-outline.tsx';

/**
 * The shared DateInput with its code (antd's picker panels, ~28 KB compressed) loaded on first
 * render instead of with the page, so a page that shows a date field only in a filter does not pay
 * for it in its first load. Until it arrives a box of the field's size and look holds its place (no
 * layout shift). Same props as DateInput; forms that load lazily themselves import DateInput directly.
 */
type DateInputProps = ComponentProps<typeof EagerDateInput>;

/** How wide antd draws the date field (its input sized for the date format, and the calendar icon). */
export const DATE_FIELD_WIDTH = 160;

const Loaded = lazy(async () => ({ default: (await import('./date-input.tsx')).DateInput }));

export const LazyDateInput = (props: DateInputProps) => (
  <Suspense fallback={<FieldOutline width={DATE_FIELD_WIDTH} placeholder={props.placeholder} style={props.style} />}>
    <Loaded {...props} />
  </Suspense>
);
