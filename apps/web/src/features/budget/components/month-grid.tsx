import { monthsBetween, toCents, toDollars } from '@plansmith/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { App, Button, Checkbox, Flex, Typography } from 'antd';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { formatBothAmounts, formatMoney } from '../../../shared/format/money.ts';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { usePlanMonths } from '../api/budget-months.ts';
import { type BudgetRow, parseDollars } from '../lib/budget-rows.ts';
import { applyAmounts, applyBlock, parseClipboardBlock, toSaveItem } from '../lib/month-paste.ts';
import { fitCell, type GridCell, type GridShape, isArrowKey, moveCell } from '../lib/grid-navigation.ts';
import { buildMonthModel, type ModelItem, sumCentsOf } from '../lib/month-grid-model.ts';
import { type ItemMonthCents, type PeriodView, periodsOf, sumPeriod } from '../lib/periods.ts';
import { MonthCell } from './month-cell.tsx';
import { CategoryRow, TotalRow } from './month-grid-rows.tsx';
import { lowerFirst, useMonthChanges } from './use-month-changes.ts';
import { KeyboardHint } from '../../../shared/ui/keyboard-hint.tsx';
import './month-grid.css';

const ROW_HEIGHT = 40;
/** The Budget column's index among the cells (the periods are 0, 1, …). */
const BUDGET_COL = -1;
type Active = GridCell;

/**
 * The budget by month (DESIGN.md §10): each item's phasing as columns, or their quarter and year
 * roll-ups. Months are edited in place; a block pasted from a spreadsheet fills the cells it lands
 * on and is saved as one change; Ctrl+Z undoes the last change once. Rows are virtualised.
 */
export const MonthGrid = ({
  planId,
  startDate,
  endDate,
  rows,
  view,
  canEdit,
}: {
  planId: string;
  startDate: string;
  endDate: string;
  rows: BudgetRow[];
  view: PeriodView;
  canEdit: boolean;
}) => {
  const { message } = App.useApp();
  const phasing = usePlanMonths(planId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<Active | null>(null);
  const [editing, setEditing] = useState<{ firstKey: string | null } | null>(null);
  const planMonths = useMemo(() => monthsBetween(startDate, endDate), [startDate, endDate]);
  const periods = useMemo(() => periodsOf(planMonths, view), [planMonths, view]);
  const editable = canEdit && view === 'Months';

  const model = useMemo(() => buildMonthModel(rows, phasing.data ?? [], planMonths), [rows, phasing.data, planMonths]);
  const { isSaving, saveChanges, saveMonth, lastChange, undoLast, mergeDialog } = useMonthChanges(planId, model, planMonths);
  const [keepYearTotal, setKeepYearTotal] = useState(false);
  const shape: GridShape = {
    rowCount: rows.length,
    firstCol: BUDGET_COL,
    lastCol: periods.length - 1,
    isCellRow: (row) => model.itemIndexOfRow.has(row),
  };
  // The active cell as the grid is now: always on an item row and a column that exists (rows are
  // filtered, the view switches to quarters), so the highlight, the focus and the keys agree.
  const fitted = active ? fitCell(active, shape) : null;
  const cellRow = fitted?.row;
  const cellCol = fitted?.col;

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  // The active cell keeps the keyboard focus as it moves (rows out of view are scrolled in first).
  // A focus still waiting for its frame is dropped when the cell moves on or an editor opens: on a
  // slow frame it would otherwise land on a cell passed over, take the focus from the editor (saving
  // the digits typed so far) and make that cell the active one.
  useEffect(() => {
    if (cellRow === undefined || cellCol === undefined || editing) return;
    virtualizer.scrollToIndex(cellRow, { align: 'auto' });
    const frame = requestAnimationFrame(() =>
      scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${cellRow}:${cellCol}"]`)?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [cellRow, cellCol, editing, virtualizer]);

  const anchorOf = (cell: Active | null): { item: number; month: number } | string => {
    if (!editable)
      return view === 'Months' ? 'Your role does not let you change this budget.' : 'Switch to Months to paste or type amounts.';
    const item = cell ? model.itemIndexOfRow.get(cell.row) : undefined;
    if (!cell || item === undefined) return 'Select the month cell of an item where the block should start, then paste.';
    return { item, month: cell.col };
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (editing) return;
    event.preventDefault();
    const anchor = anchorOf(fitted);
    if (typeof anchor === 'string') return void message.warning(anchor);
    const block = parseClipboardBlock(event.clipboardData.getData('text/plain'));
    if (anchor.month === BUDGET_COL) {
      const amounts = applyAmounts({ block, items: model.items, anchorItem: anchor.item });
      if ('error' in amounts) return void message.error(amounts.error, 8);
      const count = amounts.items.length;
      return void saveChanges(amounts.items, `Pasted ${count} ${count === 1 ? 'amount' : 'amounts'}`);
    }
    const result = applyBlock({ block, items: model.items, anchorItem: anchor.item, anchorMonth: anchor.month, planMonths });
    if ('error' in result) return void message.error(result.error, 8);
    const cells = block.reduce((sum, row) => sum + row.length, 0);
    void saveChanges(
      result.changes.map(toSaveItem),
      `Pasted ${cells} ${cells === 1 ? 'cell' : 'cells'} into ${result.changes.length} ${result.changes.length === 1 ? 'item' : 'items'}`,
    );
  };

  const saveCell = (text: string) => {
    setEditing(null);
    const anchor = anchorOf(fitted);
    if (typeof anchor === 'string') return;
    const item = model.items[anchor.item] as ModelItem;
    if (anchor.month === BUDGET_COL) {
      const amounts = applyAmounts({ block: [[text.trim()]], items: model.items, anchorItem: anchor.item });
      if ('error' in amounts) return void message.error(amounts.error, 8);
      if (amounts.items[0]?.Amount === toDollars(sumCentsOf([item.months], planMonths))) return;
      return void saveChanges(amounts.items, `Changed the budget of ${item.name}`);
    }
    const month = planMonths[anchor.month] as string;
    const parsed = parseDollars(text.trim() === '' ? '0' : text.trim());
    if ('error' in parsed) return void message.error(`“${text.trim()}” for ${item.name}, ${month}: ${parsed.error}`, 8);
    // The month's own amount again ("12000" for $12,000.00) is no change.
    if (toCents(parsed.value) === (item.months.cents.get(month) ?? 0)) return;
    // The server says what the edit did to the year total (the toast offers to keep it instead).
    void saveMonth(
      { BudgetItemId: item.id, Month: month, Amount: parsed.value, YearTotal: keepYearTotal ? item.item.Amount : null },
      `Changed ${item.name}, ${periods[anchor.month]?.label}`,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      void undoLast();
      return;
    }
    if (!fitted) return;
    if (isArrowKey(event.key)) {
      event.preventDefault();
      setActive(moveCell(fitted, event.key, shape));
    } else if (
      editable &&
      model.itemIndexOfRow.has(fitted.row) &&
      !(fitted.col === BUDGET_COL && model.items[model.itemIndexOfRow.get(fitted.row) as number]?.months.phased) &&
      (event.key === 'Enter' || event.key === 'F2' || /^[0-9.]$/.test(event.key))
    ) {
      event.preventDefault();
      setEditing({ firstKey: /^[0-9.]$/.test(event.key) ? event.key : null });
    }
  };

  if (phasing.isPending) return <LoadingState label="Loading the months…" />;
  if (phasing.isError)
    return <ErrorState error={phasing.error} onRetry={() => void phasing.refetch()} title="The monthly phasing could not be loaded." />;

  const columns = `minmax(220px, 260px) 128px repeat(${periods.length}, 116px)`;
  const activate = (row: number, col: number) => {
    if (fitted?.row !== row || fitted.col !== col) setActive({ row, col });
  };
  const totals = [...model.cents.values()];

  return (
    <>
      {mergeDialog}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">
          {editable ? (
            <>
              <KeyboardHint>
                Arrow keys move, Enter or a digit edits a month (or an unphased item’s budget), Ctrl+V pastes a block copied from a
                spreadsheet (months, or a column of budgets), Ctrl+Z undoes the last change.{' '}
              </KeyboardHint>
              Grey amounts are an even spread of an unphased item.
            </>
          ) : view === 'Months' ? (
            'Grey amounts are an even spread of an unphased item.'
          ) : (
            `${view === 'Quarters' ? 'Calendar quarters' : 'Calendar years'}: sums of the months. Switch to Months to edit.`
          )}
        </Typography.Text>
        {editable ? (
          <Checkbox checked={keepYearTotal} onChange={(event) => setKeepYearTotal(event.target.checked)}>
            Keep the year total when I change a month
          </Checkbox>
        ) : null}
        {lastChange ? (
          <Button size="small" onClick={() => void undoLast()} loading={isSaving}>
            Undo: {lowerFirst(lastChange.label)}
          </Button>
        ) : null}
      </Flex>
      <div ref={scrollRef} className="month-grid">
        <table
          aria-label={`Budget by ${view === 'Months' ? 'month' : view === 'Quarters' ? 'quarter' : 'year'}`}
          aria-rowcount={rows.length + 2}
          aria-colcount={periods.length + 2}
          aria-busy={isSaving}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
        >
          <thead>
            <tr aria-rowindex={1} className="month-grid-row month-grid-head" style={{ gridTemplateColumns: columns }}>
              <th scope="col" className="month-grid-first">
                Item
              </th>
              <th scope="col" className="num">
                Budget
              </th>
              {periods.map((period) => (
                <th scope="col" key={period.key} className="num">
                  {period.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((virtual) => {
              const row = rows[virtual.index] as BudgetRow;
              const style = { gridTemplateColumns: columns, height: ROW_HEIGHT, transform: `translateY(${virtual.start}px)` };
              if (row.kind === 'category')
                return (
                  <CategoryRow
                    key={row.key}
                    row={row}
                    rowIndex={virtual.index}
                    entries={model.byCategory.get(row.categoryId) ?? []}
                    periods={periods}
                    style={style}
                  />
                );
              const entry = model.cents.get(row.item.Id) as ItemMonthCents;
              return (
                <tr
                  key={row.key}
                  aria-rowindex={virtual.index + 2}
                  className="month-grid-row"
                  style={style}
                  data-testid={`month-item-${row.item.Name}`}
                >
                  <th scope="row" className="month-grid-first item">
                    {row.item.Name}
                    {entry.phased ? null : <span className="month-grid-hint"> · spread evenly</span>}
                  </th>
                  <MonthCell
                    cellKey={`${virtual.index}:${BUDGET_COL}`}
                    display={formatBothAmounts(row.item.Amount, row.item.Currency, row.item.BaseAmount).label}
                    value={row.item.Amount.toFixed(2)}
                    label={`${row.item.Name}, Budget`}
                    active={cellRow === virtual.index && cellCol === BUDGET_COL}
                    editing={cellRow === virtual.index && cellCol === BUDGET_COL && editing !== null}
                    editable={editable && !entry.phased}
                    spread={false}
                    firstKey={editing?.firstKey ?? null}
                    onActivate={() => activate(virtual.index, BUDGET_COL)}
                    onEdit={() => {
                      activate(virtual.index, BUDGET_COL);
                      setEditing({ firstKey: null });
                    }}
                    onSave={saveCell}
                    onCancel={() => setEditing(null)}
                  />
                  {periods.map((period, col) => {
                    const cents = sumPeriod(entry.cents, period);
                    const isActive = cellRow === virtual.index && cellCol === col;
                    return (
                      <MonthCell
                        key={period.key}
                        cellKey={`${virtual.index}:${col}`}
                        display={formatMoney(toDollars(cents), row.item.Currency)}
                        value={toDollars(cents).toFixed(2)}
                        label={`${row.item.Name}, ${period.label}`}
                        active={isActive}
                        editing={isActive && editing !== null}
                        editable={editable}
                        spread={!entry.phased}
                        firstKey={editing?.firstKey ?? null}
                        onActivate={() => activate(virtual.index, col)}
                        onEdit={() => {
                          activate(virtual.index, col);
                          setEditing({ firstKey: null });
                        }}
                        onSave={saveCell}
                        onCancel={() => setEditing(null)}
                      />
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
          <TotalRow rowIndex={rows.length + 2} items={model.items} entries={totals} periods={periods} columns={columns} />
        </table>
      </div>
    </>
  );
};
