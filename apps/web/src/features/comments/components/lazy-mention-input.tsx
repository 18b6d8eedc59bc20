import { Input } from 'antd';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { MentionInput as Eager } from './mention-input.tsx';

// antd's Mentions (~6 KB) loads after the page's first paint: the comment box sits at the foot of
// the plan, item, expense and objective pages, which must stay inside their first-load budget.
const Mentions = lazy(async () => ({ default: (await import('./mention-input.tsx')).MentionInput }));

/** MentionInput, loaded on first use; until then a read-only box of the same size holds its place. */
export const MentionInput = (props: ComponentProps<typeof Eager>) => (
  <Suspense
    fallback={
      <Input.TextArea
        id={props.id}
        aria-label={props['aria-label']}
        value={props.value ?? ''}
        rows={props.rows ?? 2}
        placeholder={props.placeholder}
        readOnly
      />
    }
  >
    <Mentions {...props} />
  </Suspense>
);
