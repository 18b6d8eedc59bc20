import { type ExpectationGrid as Grid, hasAtMostTwoDecimals } from '@plansmith/contract';
import { App } from 'antd';
import { formatMonth } from '../../../shared/format/dates.ts';
import { Fragment, type KeyboardEvent, useRef } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatCount } from '../../../shared/format/money.ts';
import { EditableCell } from '../../../shared/ui/editable-cell.tsx';
import { useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { type CellEdit, staleCellOf, useRefreshGrid, useSaveActual, useSaveExpected } from '../api/expectation-mutations.ts';
import { type CellTotals, groupByQuarter, sumRow, TONE_COLORS, varianceText, varianceTone } from '../lib/grid-totals.ts';
import './expectation-grid.css';

const show = (value: number | null): string => formatCount(value);

/** A typed count: "", "1,200" or "12.5"; undefined when it is not a count. */
const parseCount = (text: string): number | null | undefined => {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d*\.?\d*$/.test(cleaned) || cleaned === '.' || !hasAtMostTwoDecimals(Number(cleaned))) return undefined;
  return Number(cleaned);
};

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

const TotalsCells = ({ totals }: { totals: CellTotals[] }) => (
  <>
    {totals.map((total, index) => {
      // Months without an actual yet do not count against the total.
      const tone = varianceTone(total.expectedToDate, total.actual);
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: one pair of cells per stage column, in a fixed order.
        <Fragment key={index}>
          <td className="num stage-start">{show(total.expected)}</td>
          <td
            className="num"
            style={{ color: tone ? TONE_COLORS[tone] : undefined }}
            title={varianceText(total.expectedToDate, total.actual)}
          >
            {show(total.actual)}
          </td>
        </Fragment>
      );
    })}
  </>
);

/**
 * The forecast grid: months down, each stage's expected and actual across; quarter and plan
 * totals. Arrow keys move between cells, Enter edits, Enter saves, Escape cancels, Tab moves on.
 */
export const ExpectationGrid = ({ grid, canEdit }: { grid: Grid; canEdit: boolean }) => {
  const saveExpected = useSaveExpected();
  const saveActual = useSaveActual();
  const refreshGrid = useRefreshGrid();
  const merge = useMergeDialog();
  const { message } = App.useApp();
  const tableRef = useRef<HTMLTableElement>(null);
  const quarters = groupByQuarter(grid.Months);
  const monthIndex = new Map(grid.Months.map((month, index) => [month, index]));

  const onSave = (edit: Omit<CellEdit, 'value'>, kind: 'expected' | 'actual', label: string) => async (text: string) => {
    const value = parseCount(text);
    if (value === undefined) {
      message.error('Enter a count of 0 or more, with at most 2 decimals, or leave it empty.');
      return false;
    }
    const saveFrom = async (version: number | null): Promise<boolean> => {
      try {
        await (kind === 'expected' ? saveExpected : saveActual).mutateAsync({ ...edit, value, version });
        return true;
      } catch (error) {
        const stale = staleCellOf(error);
        if (stale) {
          // A colleague saved this cell since the grid read it: their count beside mine; the person decides (DESIGN.md §13).
          const theirs = kind === 'expected' ? stale.cell.Expected : stale.cell.Actual;
          const fields = theirs === value ? [] : [{ key: kind, label, theirs: show(theirs), mine: show(value) }];
          if ((await merge.ask(stale.message, fields)) === 'mine') return saveFrom(stale.cell.Version);
          await refreshGrid(edit.planId);
          message.info('Kept their count.');
          return true;
        }
        message.error(errorMessage(error));
        return false;
      }
    };
    return saveFrom(edit.version);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const move = ARROWS[event.key];
    const target = event.target as HTMLElement;
    const cell = target.dataset.cell;
    if (!move || !cell) return;
    const [row, col] = cell.split(':').map(Number) as [number, number];
    const next = tableRef.current?.querySelector<HTMLButtonElement>(`[data-cell="${row + move[0]}:${col + move[1]}"]`);
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <div className="forecast-grid-scroll">
      {merge.dialog}
      <table
        ref={tableRef}
        className="forecast-grid"
        onKeyDown={onKeyDown}
        aria-label="Forecast: expected and actual count per stage and month"
      >
        <thead>
          <tr>
            <th rowSpan={2} style={{ textAlign: 'left', left: 0 }}>
              Month
            </th>
            {grid.Rows.map((row) => (
              <th key={row.FunnelStageId} colSpan={2} scope="colgroup">
                {row.Name}
              </th>
            ))}
          </tr>
          <tr>
            {grid.Rows.map((row) => (
              <Fragment key={row.FunnelStageId}>
                <th className="stage-start" scope="col">
                  Expected
                </th>
                <th scope="col">Actual</th>
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {quarters.map((quarter) => (
            <Fragment key={quarter.label}>
              {quarter.months.map((month) => {
                const r = monthIndex.get(month) ?? 0;
                const monthName = formatMonth(month);
                return (
                  <tr key={month}>
                    <th scope="row">{monthName}</th>
                    {grid.Rows.map((row, stageIndex) => {
                      const cell = row.Cells[r] ?? { Month: month, Expected: null, Actual: null, Version: null };
                      const tone = varianceTone(cell.Expected, cell.Actual);
                      const edit = { planId: grid.MarketingPlanId, stageId: row.FunnelStageId, month, version: cell.Version };
                      const variance = varianceText(cell.Expected, cell.Actual);
                      return (
                        <Fragment key={row.FunnelStageId}>
                          <td className="num stage-start">
                            {canEdit ? (
                              <EditableCell
                                align="right"
                                cellId={`${r}:${stageIndex * 2}`}
                                value={cell.Expected === null ? '' : String(cell.Expected)}
                                display={show(cell.Expected)}
                                label={`Expected ${row.Name}, ${monthName}`}
                                onSave={onSave(edit, 'expected', `Expected ${row.Name}, ${monthName}`)}
                              />
                            ) : (
                              show(cell.Expected)
                            )}
                          </td>
                          <td className="num">
                            {canEdit ? (
                              <EditableCell
                                align="right"
                                cellId={`${r}:${stageIndex * 2 + 1}`}
                                value={cell.Actual === null ? '' : String(cell.Actual)}
                                display={show(cell.Actual)}
                                label={`Actual ${row.Name}, ${monthName}${variance ? ` (${variance})` : ''}`}
                                color={tone ? TONE_COLORS[tone] : undefined}
                                title={variance}
                                onSave={onSave(edit, 'actual', `Actual ${row.Name}, ${monthName}`)}
                              />
                            ) : (
                              <span style={{ color: tone ? TONE_COLORS[tone] : undefined }} title={variance}>
                                {show(cell.Actual)}
                              </span>
                            )}
                          </td>
                        </Fragment>
                      );
                    })}
                  </tr>
                );
              })}
              <tr className="quarter-row">
                <th scope="row">{quarter.label}</th>
                <TotalsCells totals={grid.Rows.map((row) => sumRow(row, new Set(quarter.months)))} />
              </tr>
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          <tr className="total-row">
            <th scope="row">Total</th>
            <TotalsCells totals={grid.Rows.map((row) => sumRow(row, new Set(grid.Months)))} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
};
