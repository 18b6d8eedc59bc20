import type { ExpenseTotals } from '@plansmith/contract';
import { Flex, Statistic } from 'antd';
import { formatCount, formatBase } from '../../../shared/format/money.ts';

/** The money of every expense matching the filters (not only the page on screen). */
export const ExpenseTotalsBar = ({ totals }: { totals: ExpenseTotals }) => (
  <Flex gap={32} wrap style={{ marginBottom: 16 }} aria-label="Totals of the matching expenses">
    <Statistic title="Expenses" value={formatCount(totals.Count)} />
    <Statistic title="Actual" value={formatBase(totals.Actual)} />
    <Statistic title="Committed" value={formatBase(totals.Committed)} />
    <Statistic title="Planned" value={formatBase(totals.Planned)} />
    {totals.Requested > 0 ? (
      // Waiting for approval (DESIGN.md §15): beside, never inside, Committed and Actual.
      <Statistic title="Requested" value={formatBase(totals.Requested)} />
    ) : null}
  </Flex>
);
