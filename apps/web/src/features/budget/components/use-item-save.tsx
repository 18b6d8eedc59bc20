import { type BudgetItem, type BudgetItemSaveRequest, type CellVersion, ITEM_TYPE_NAMES } from '@plansmith/contract';
import { App } from 'antd';
import { formatMoney } from '../../../shared/format/money.ts';
import { formatMonthLabel } from '../../../shared/format/objective-values.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { editsSince, mineOverTheirs, sameValue } from '../../../shared/ui/mine-over-theirs.ts';
import { useKeepTheirItem, useSaveBudgetItem } from '../api/budget-mutations.ts';
import { showWaitingForApproval } from './waiting-for-approval.tsx';

type Named = ReadonlyArray<{ Id: string; Name: string }>;
const nameOf = (rows: Named, id: unknown) => (id ? (rows.find((row) => row.Id === id)?.Name ?? '—') : '—');
/** The phasing as the dialog shows it: each month's own amount, in the item's currency (DESIGN.md §17). */
const monthsText = (months: unknown, item: BudgetItem) => {
  const list = (months ?? []) as BudgetItem['Months'] & object;
  return list.length === 0
    ? 'Spread evenly'
    : list.map((month) => `${formatMonthLabel(month.Month)} ${formatMoney(month.Amount, item.Currency)}`).join(', ');
};

/** The month cells of an item as read, with their versions: what a Save that sends Months checks (Cells). */
export const cellsOf = (item: Pick<BudgetItem, 'Months'>): CellVersion[] =>
  (item.Months ?? []).map(({ Month, Version }) => ({ Month, Version }));

/** The item's fields a save sends besides its phasing: "Save mine over theirs" keeps of mine only those changed since it was read. */
const ITEM_SAVE_FIELDS = [
  'Name',
  'Description',
  'Active',
  'Amount',
  'ItemType',
  'BudgetCategoryId',
  'ObjectiveId',
  'GeneralLedgerCodeId',
] as const;

/** A phasing as a person sees it: the months with money, in order (none and an empty one are the same). */
const phasingKey = (months: ReadonlyArray<{ Month: string; Amount: number }> | null | undefined) =>
  (months ?? [])
    .filter((month) => month.Amount !== 0)
    .map(({ Month, Amount }) => ({ Month, Amount }))
    .sort((a, b) => a.Month.localeCompare(b.Month));

/** The item's fields a merge dialog compares, as the form names them. */
const ITEM_MERGE_FIELDS = (names: { categories: Named; glCodes: Named; objectives: Named }) =>
  [
    { key: 'Name', label: 'Name' },
    // The item's own amount, in its own currency (the row's: theirs and mine may differ).
    { key: 'Amount', label: 'Amount', format: (amount: unknown, item: BudgetItem) => formatMoney(Number(amount), item.Currency) },
    { key: 'BudgetCategoryId', label: 'Category', format: (id: unknown) => nameOf(names.categories, id) },
    { key: 'GeneralLedgerCodeId', label: 'GL code', format: (id: unknown) => nameOf(names.glCodes, id) },
    { key: 'ObjectiveId', label: 'Objective', format: (id: unknown) => nameOf(names.objectives, id) },
    { key: 'ItemType', label: 'Item type', format: (type: unknown) => ITEM_TYPE_NAMES[type as 1 | 2] },
    { key: 'Active', label: 'Active', format: (active: unknown) => (active ? 'Yes' : 'No') },
    { key: 'Description', label: 'Description' },
    { key: 'Months', label: 'Monthly phasing', format: monthsText },
  ] as const satisfies ReadonlyArray<{ key: keyof BudgetItem; label: string; format?: (value: never, row: BudgetItem) => string }>;

/**
 * Saves a budget item with the Version it was read with (DESIGN.md §13). When someone changed it
 * meanwhile, the merge dialog shows their fields beside these: "Keep theirs" puts their item on
 * screen, "Save mine over theirs" saves again with the version the 409 named. Never retried unasked.
 * Answers the saved item, or null when the person kept theirs. Render `dialog`. When the change waits
 * for approval (the answer's WaitingForApproval) it says so itself; the answer is then the item unchanged.
 */
export const useItemSave = (
  names: { categories?: Named; glCodes?: Named; objectives?: Named } = {},
  /** Told the item the person kept ("Keep theirs"), so a form can refill from it and save from its versions next. */
  onKeptTheirs?: (current: BudgetItem) => void,
) => {
  const { message } = App.useApp();
  const save = useSaveBudgetItem();
  const keepTheirs = useKeepTheirItem();
  const merge = useMergeDialog();
  const fields = ITEM_MERGE_FIELDS({
    categories: names.categories ?? [],
    glCodes: names.glCodes ?? [],
    objectives: names.objectives ?? [],
  });

  /**
   * Saves `request` (what the person asked for; `sent` is what goes to the server, theirs merged in
   * after "Save mine over theirs"). `read` is the item as the form or cell was filled from it: a merge
   * keeps of this person's only the fields changed since, so a colleague's change to any other is kept.
   */
  const saveItem = async (
    request: BudgetItemSaveRequest,
    read?: BudgetItem,
    sent: BudgetItemSaveRequest = request,
  ): Promise<BudgetItem | null> => {
    try {
      const saved = await save.mutateAsync(sent);
      // Held as an approval request (DESIGN.md §15): the answer is the item unchanged; say so, with its link.
      if (saved.WaitingForApproval) showWaitingForApproval(message, saved.WaitingForApproval);
      return saved;
    } catch (error) {
      const stale = staleWriteOf<BudgetItem>(error);
      if (!stale) throw error;
      const { Months, Cells: _cells, ...fieldsOfMine } = request;
      const edits = editsSince(ITEM_SAVE_FIELDS, read, fieldsOfMine);
      // A missing Months keeps theirs; null clears the phasing. Mine only when changed since it was read.
      const monthsEdited = Months !== undefined && (!read || !sameValue(phasingKey(read.Months), phasingKey(Months)));
      const mine: BudgetItem = {
        ...stale.current,
        ...edits,
        Description: (edits.Description === undefined ? stale.current.Description : edits.Description) ?? null,
        ObjectiveId: (edits.ObjectiveId === undefined ? stale.current.ObjectiveId : edits.ObjectiveId) ?? null,
        GeneralLedgerCodeId:
          (edits.GeneralLedgerCodeId === undefined ? stale.current.GeneralLedgerCodeId : edits.GeneralLedgerCodeId) ?? null,
        Active: edits.Active ?? stale.current.Active,
        // Shown in the merge dialog only: a month's base figure is the server's to compute (DESIGN.md §17).
        Months: monthsEdited ? (Months ?? []).map((month) => ({ ...month, BaseAmount: month.Amount, Version: 1 })) : stale.current.Months,
      };
      const choice = await merge.ask(stale.message, changedFields(fields, stale.current, mine));
      // Over theirs: their item with only my changes on top, from their item's version and, when my
      // phasing is sent, their month cells' (DESIGN.md §13). A phasing I did not change stays theirs.
      if (choice === 'mine')
        return saveItem(request, read, {
          ...mineOverTheirs(ITEM_SAVE_FIELDS, read, fieldsOfMine, stale.current),
          Version: stale.version,
          ...(monthsEdited ? { Months, Cells: cellsOf(stale.current) } : {}),
        });
      keepTheirs(stale.current);
      onKeptTheirs?.(stale.current);
      message.info('Kept their version of the budget item.');
      return null;
    }
  };

  return { saveItem, isPending: save.isPending, dialog: merge.dialog };
};
