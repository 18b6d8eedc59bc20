import type { ReactNode } from 'react';
import { formatBase } from '../../../shared/format/money.ts';
import { AVAILABLE_MEANS, LEFT_TO_PLAN_MEANS } from '../../../shared/ui/money-states-note.tsx';

/** The money-state figures of one grid row (an item, a category subtotal or the total). */
export type MoneyStates = { actual: number; committed: number; planned: number; available: number; leftToPlan: number };

const Num = ({ children, over, label }: { children: ReactNode; over?: boolean; label?: string }) => (
  <td className={`num${over ? ' over' : ''}`} aria-label={label}>
    {children}
  </td>
);

/** The money-state column headers of the budget grid (DESIGN.md §12): kept apart from the grid's other columns. */
export const MoneyStateHeaders = () => (
  <>
    <th scope="col" className="num">
      Actual
    </th>
    <th scope="col" className="num">
      Committed
    </th>
    <th scope="col" className="num">
      Planned
    </th>
    <th scope="col" className="num" title={AVAILABLE_MEANS}>
      Available
    </th>
    <th scope="col" className="num" title={LEFT_TO_PLAN_MEANS}>
      Left to plan
    </th>
  </>
);

/** Actual, Committed, Planned, Available and Left to plan; a negative one is red. */
export const MoneyStateCells = ({ sums }: { sums: MoneyStates }) => (
  <>
    <Num>{formatBase(sums.actual)}</Num>
    <Num>{formatBase(sums.committed)}</Num>
    <Num>{formatBase(sums.planned)}</Num>
    <Num over={sums.available < 0}>{formatBase(sums.available)}</Num>
    <Num over={sums.leftToPlan < 0} label={sums.leftToPlan < 0 ? `Left to plan ${formatBase(sums.leftToPlan)}: over-planned` : undefined}>
      {formatBase(sums.leftToPlan)}
    </Num>
  </>
);

/** A budget item's money states, as the grid shows them. */
export const itemMoneyStates = (item: {
  Actual: number;
  Committed: number;
  Planned: number;
  Available: number;
  LeftToPlan: number;
}): MoneyStates => ({
  actual: item.Actual,
  committed: item.Committed,
  planned: item.Planned,
  available: item.Available,
  leftToPlan: item.LeftToPlan,
});
