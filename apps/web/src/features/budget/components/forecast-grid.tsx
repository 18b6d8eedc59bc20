import { type ForecastItem, type ForecastSaveCell, type ForecastTotals, sumCents, toDollars } from '@plansmith/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { App, Typography } from 'antd';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { KeyboardHint } from '../../../shared/ui/keyboard-hint.tsx';
import { useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { forecastKey, useForecast, useSaveForecast } from '../api/forecast-queries.ts';
import type { BudgetRow } from '../lib/budget-rows.ts';
import {
  enteredBefore,
  forecastMergeFields,
  itemsInRowOrder,
  monthLabel,
  pastedCells,
  staleForecastCells,
  typedCell,
  undoCellsOf,
  withCurrentVersions,
  withStaleEntered,
} from '../lib/forecast-cells.ts';
import { fitCell, type GridCell, type GridShape, isArrowKey, moveCell } from '../lib/grid-navigation.ts';
import { parseClipboardBlock } from '../lib/month-paste.ts';
import { MonthCell } from './month-cell.tsx';
import { UndoLastButton, useUndoLast } from './use-undo-last.tsx';
import './month-grid.css';
import { useQueryClient } from '@tanstack/react-query';

const ROW_HEIGHT = 40;
const SUMMARY = ['Baseline', 'Budget', 'Forecast', 'Actual', 'Variance'] as const;

const summaryCells = (totals: ForecastTotals) => [
  totals.Baseline === null ? '—' : formatBase(totals.Baseline),
  formatBase(totals.Budget),
  formatBase(totals.Forecast),
  formatBase(totals.Actual),
  formatBase(totals.Variance),
];

/** Totals of several items, added in cents. */
const sumTotals = (items: readonly ForecastItem[], withBaseline: boolean): ForecastTotals => {
  const add = (field: 'Budget' | 'Planned' | 'Committed' | 'Actual' | 'Forecast') =>
    toDollars(sumCents(items.map((item) => item.Totals[field])));
  const budget = add('Budget');
  const forecast = add('Forecast');
  return {
    Baseline: withBaseline ? toDollars(sumCents(items.map((item) => item.Totals.Baseline))) : null,
    Budget: budget,
    Planned: add('Planned'),
    Committed: add('Committed'),
    Actual: add('Actual'),
    Forecast: forecast,
    Variance: toDollars(Math.round(budget * 100) - Math.round(forecast * 100)),
  };
};

/**
 * The Forecast view of the month grid (DESIGN.md §14): each item's Forecast per month, editable in
 * open months (keyboard and paste as in the Months view), closed months read-only and marked, and
 * per item its Baseline, Budget, Forecast, Actual and Variance. A stale save opens the merge dialog.
 */
export const ForecastGrid = ({ planId, rows, canEdit }: { planId: string; rows: BudgetRow[]; canEdit: boolean }) => {
  const { message } = App.useApp();
  const forecast = useForecast(planId);
  const save = useSaveForecast();
  const queryClient = useQueryClient();
  const merge = useMergeDialog();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<GridCell | null>(null);
  const [editing, setEditing] = useState<{ firstKey: string | null } | null>(null);
  const months = forecast.data?.Months ?? [];
  const itemOfRow = useMemo(() => {
    const items = itemsInRowOrder(
      forecast.data,
      rows.flatMap((row) => (row.kind === 'item' ? [row.item.Id] : [])),
    );
    const byId = new Map(items.map((item) => [item.BudgetItemId, item]));
    const map = new Map<number, { item: ForecastItem; index: number }>();
    rows.forEach((row, index) => {
      const item = row.kind === 'item' ? byId.get(row.item.Id) : undefined;
      if (item) map.set(index, { item, index: items.indexOf(item) });
    });
    return { items, map };
  }, [forecast.data, rows]);
  const shape: GridShape = {
    rowCount: rows.length,
    firstCol: 0,
    lastCol: months.length - 1,
    isCellRow: (row) => itemOfRow.map.has(row),
  };
  const fitted = active && months.length > 0 ? fitCell(active, shape) : null;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  const cellRow = fitted?.row;
  const cellCol = fitted?.col;
  // The active cell keeps the keyboard focus as it moves, as in the Months view.
  useEffect(() => {
    if (cellRow === undefined || cellCol === undefined || editing) return;
    virtualizer.scrollToIndex(cellRow, { align: 'auto' });
    const frame = requestAnimationFrame(() =>
      scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${cellRow}:${cellCol}"]`)?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [cellRow, cellCol, editing, virtualizer]);

  // Ctrl+Z as in the Months view (the same hook): the last typed cell or pasted block back, in one save.
  const { lastChange, remember, undoLast } = useUndoLast<ForecastSaveCell[]>({
    send: (undo) => save.mutateAsync({ MarketingPlanId: planId, Cells: undo }),
    busy: save.isPending,
    onStale: () => void queryClient.invalidateQueries({ queryKey: forecastKey(planId) }),
  });

  /** Saves cells in one request; a stale one asks: keep theirs, or save mine over theirs (never retried on its own). */
  const saveCells = async (
    cells: ForecastSaveCell[],
    label: string,
    before: ReadonlyMap<string, number | null> = enteredBefore(forecast.data, cells),
  ): Promise<void> => {
    if (cells.length === 0) return;
    try {
      const saved = await save.mutateAsync({ MarketingPlanId: planId, Cells: cells });
      remember(label, undoCellsOf(cells, before, saved));
      message.success(`${label}. Press Ctrl+Z to undo.`);
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409 ? staleForecastCells(error.current) : [];
      if (stale.length === 0) return void message.error(errorMessage(error), 8);
      const choice = await merge.ask((error as ApiError).message, forecastMergeFields(stale, cells));
      if (choice === 'mine') return saveCells(withCurrentVersions(cells, stale), label, withStaleEntered(before, stale));
      void queryClient.invalidateQueries({ queryKey: forecastKey(planId) });
      message.info('Kept their forecasts.');
    }
  };

  const editable = canEdit;
  const cellAt = (grid: GridCell | null) => {
    const entry = grid ? itemOfRow.map.get(grid.row) : undefined;
    const cell = entry && grid ? entry.item.Cells[grid.col] : undefined;
    return entry && cell && grid ? { ...entry, cell, col: grid.col } : null;
  };

  const saveTyped = (text: string) => {
    setEditing(null);
    const target = cellAt(fitted);
    if (!target) return;
    const typed = typedCell(target.item, target.cell, text);
    if ('error' in typed) return void message.error(typed.error, 8);
    const where = `${target.item.Name}, ${monthLabel(target.cell.Month)}`;
    if (typed.cell)
      void saveCells(
        [typed.cell],
        typed.cell.Forecast === null ? `Put the forecast of ${where} back to the budget` : `Changed the forecast of ${where}`,
      );
  };

  const onPaste = (event: ClipboardEvent<HTMLTableElement>) => {
    if (editing) return;
    event.preventDefault();
    if (!editable) return void message.warning('Your role does not let you change this forecast.');
    const target = cellAt(fitted);
    if (!target) return void message.warning('Select the month cell of an item where the block should start, then paste.');
    const block = parseClipboardBlock(event.clipboardData.getData('text/plain'));
    const result = pastedCells({ block, items: itemOfRow.items, anchorItem: target.index, anchorMonth: target.col });
    if ('error' in result) return void message.error(result.error, 8);
    const count = result.cells.length;
    void saveCells(result.cells, `Pasted ${count} forecast ${count === 1 ? 'cell' : 'cells'}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (editing) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      void undoLast();
      return;
    }
    if (!fitted) return;
    const target = cellAt(fitted);
    if (isArrowKey(event.key)) {
      event.preventDefault();
      setActive(moveCell(fitted, event.key, shape));
    } else if (editable && target && !target.cell.Closed && (event.key === 'Delete' || event.key === 'Backspace')) {
      event.preventDefault();
      if (target.cell.Entered !== null) saveTyped('');
    } else if (editable && target && !target.cell.Closed && (event.key === 'Enter' || event.key === 'F2' || /^[0-9.]$/.test(event.key))) {
      event.preventDefault();
      setEditing({ firstKey: /^[0-9.]$/.test(event.key) ? event.key : null });
    }
  };

  if (forecast.isPending) return <LoadingState label="Loading the forecast…" />;
  if (forecast.isError)
    return <ErrorState error={forecast.error} onRetry={() => void forecast.refetch()} title="The forecast could not be loaded." />;
  const data = forecast.data;
  const columns = `minmax(200px, 240px) repeat(${SUMMARY.length}, 120px) repeat(${months.length}, 116px)`;
  const shown = sumTotals(itemOfRow.items, data.BaselineLocked);
  const closedCount = months.filter((month) => data.Items[0]?.Cells.find((cell) => cell.Month === month)?.Closed).length;

  return (
    <>
      {merge.dialog}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {editable ? (
          <KeyboardHint>
            Arrow keys move, Enter or a digit edits a month’s forecast, Delete puts it back to the budget, Ctrl+V pastes a block copied from
            a spreadsheet, Ctrl+Z undoes the last change.{' '}
          </KeyboardHint>
        ) : null}
        Grey amounts follow the budget; a month never forecasts less than its actual and committed spend.
        {closedCount > 0 ? ` Closed months (striped) forecast their actual spend and cannot change.` : ''}
        <span data-testid="forecast-landing">{` Landing ${formatBase(data.Totals.Forecast)} against a budget of ${formatBase(data.Totals.Budget)}.`}</span>
        {lastChange ? (
          <>
            {' '}
            <UndoLastButton label={lastChange.label} busy={save.isPending} onUndo={() => void undoLast()} />
          </>
        ) : null}
      </Typography.Paragraph>
      <div ref={scrollRef} className="month-grid">
        <table
          aria-label="Forecast by month"
          aria-rowcount={rows.length + 2}
          aria-colcount={months.length + SUMMARY.length + 1}
          aria-busy={save.isPending}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
        >
          <thead>
            <tr aria-rowindex={1} className="month-grid-row month-grid-head" style={{ gridTemplateColumns: columns }}>
              <th scope="col" className="month-grid-first">
                Item
              </th>
              {SUMMARY.map((name) => (
                <th scope="col" key={name} className="num">
                  {name}
                </th>
              ))}
              {data.Items[0]?.Cells.map((cell) => (
                <th
                  scope="col"
                  key={cell.Month}
                  className={`num${cell.Closed ? ' closed' : ''}`}
                  title={cell.Closed ? 'Closed' : undefined}
                >
                  {monthLabel(cell.Month)}
                  {cell.Closed ? ' · closed' : ''}
                </th>
              )) ??
                months.map((month) => (
                  <th scope="col" key={month} className="num">
                    {monthLabel(month)}
                  </th>
                ))}
            </tr>
          </thead>
          <tbody style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((virtual) => {
              const row = rows[virtual.index] as BudgetRow;
              const style = { gridTemplateColumns: columns, height: ROW_HEIGHT, transform: `translateY(${virtual.start}px)` };
              if (row.kind === 'category') {
                const group = itemOfRow.items.filter((item) => item.BudgetCategoryId === row.categoryId);
                const totals = sumTotals(group, data.BaselineLocked);
                return (
                  <tr key={row.key} aria-rowindex={virtual.index + 2} className="month-grid-row month-grid-category" style={style}>
                    <th scope="row" className="month-grid-first">
                      {row.name}
                    </th>
                    {summaryCells(totals).map((text, index) => (
                      <td key={SUMMARY[index]} className="num">
                        {text}
                      </td>
                    ))}
                    {months.map((month, col) => (
                      <td key={month} className="num">
                        {formatBase(toDollars(sumCents(group.map((item) => item.Cells[col]?.Forecast))))}
                      </td>
                    ))}
                  </tr>
                );
              }
              const entry = itemOfRow.map.get(virtual.index);
              if (!entry) return null;
              const { item } = entry;
              return (
                <tr
                  key={row.key}
                  aria-rowindex={virtual.index + 2}
                  className="month-grid-row"
                  style={style}
                  data-testid={`forecast-item-${item.Name}`}
                >
                  <th scope="row" className="month-grid-first item">
                    {item.Name}
                  </th>
                  {summaryCells(item.Totals).map((text, index) => (
                    <td key={SUMMARY[index]} className={`num${SUMMARY[index] === 'Variance' && item.Totals.Variance < 0 ? ' over' : ''}`}>
                      {text}
                    </td>
                  ))}
                  {item.Cells.map((cell, col) => {
                    const isActive = fitted?.row === virtual.index && fitted.col === col;
                    const source = cell.Closed ? ' (closed: its actual)' : cell.Entered === null ? ' (from the budget)' : ' (entered)';
                    return (
                      <MonthCell
                        key={cell.Month}
                        cellKey={`${virtual.index}:${col}`}
                        display={formatBase(cell.Forecast)}
                        value={cell.Forecast.toFixed(2)}
                        label={`${item.Name}, ${monthLabel(cell.Month)} forecast`}
                        note={`${source}; budget ${formatBase(cell.Budget)}, actual ${formatBase(cell.Actual)}, committed ${formatBase(cell.Committed)}`}
                        className={cell.Closed ? 'closed' : undefined}
                        active={isActive}
                        editing={isActive && editing !== null}
                        editable={editable && !cell.Closed}
                        spread={!cell.Closed && cell.Entered === null}
                        firstKey={editing?.firstKey ?? null}
                        onActivate={() => {
                          if (!isActive) setActive({ row: virtual.index, col });
                        }}
                        onEdit={() => {
                          setActive({ row: virtual.index, col });
                          if (!cell.Closed) setEditing({ firstKey: null });
                        }}
                        onSave={saveTyped}
                        onCancel={() => setEditing(null)}
                      />
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr
              aria-rowindex={rows.length + 2}
              className="month-grid-row month-grid-foot"
              style={{ gridTemplateColumns: columns }}
              data-testid="forecast-total"
            >
              <th scope="row" className="month-grid-first">
                Total
              </th>
              {summaryCells(shown).map((text, index) => (
                <td key={SUMMARY[index]} className="num">
                  {text}
                </td>
              ))}
              {months.map((month, col) => (
                <td key={month} className="num">
                  {formatBase(toDollars(sumCents(itemOfRow.items.map((item) => item.Cells[col]?.Forecast))))}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
};
