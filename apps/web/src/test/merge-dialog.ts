import { screen, within } from '@testing-library/react';

/** The merge dialog's title (shared/ui/merge-dialog-modal.tsx). */
export const MERGE_TITLE = 'Someone else changed this while you were editing';
/** The real server answers within seconds on a busy machine, not always within the default second. */
export const SLOW = { timeout: 15_000 };
/** Typing into a real form and two round trips to the real server: more than the default 20 s on a busy machine. */
export const TEST_TIMEOUT = 60_000;

/**
 * The merge dialog, found by its title: in tests antd gives every modal the same aria-labelledby id,
 * so with a form dialog open beneath it both are named after the first title.
 */
export const findMergeDialog = async () => (await screen.findByText(MERGE_TITLE, {}, SLOW)).closest('[role="dialog"]') as HTMLElement;

/** The dialog's row of one field: its label, theirs and mine, as text. */
export const mergeRow = (dialog: HTMLElement, label: string) => {
  const row = within(dialog).getByText(label, { selector: 'td' }).closest('tr') as HTMLElement;
  const [, theirs, mine] = [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
  return { theirs, mine };
};
