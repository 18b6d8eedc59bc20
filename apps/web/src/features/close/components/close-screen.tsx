import type { PeriodBlocker, PeriodMonth, PlanPeriods, UnspentChoice } from '@plansmith/contract';
import { Alert, Button, Card, Flex, Input, Popconfirm, Radio, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDate, formatDateTime, formatMonth } from '../../../shared/format/dates.ts';
import { formatBase, sumDollars } from '../../../shared/format/money.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { type BlockerAction, useClosePeriod, usePlanPeriods, useReopenPeriod, useSettleBlocker } from '../api/close-api.ts';

/** "January 2026" */
export const monthName = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "Mar 2026" in the person's locale. */
const shortMonth = (month: string): string => formatMonth(month);

/** The same day in `month` (YYYY-MM), or its last day when the month is shorter. */
export const sameDayIn = (date: string, month: string): string => {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(Math.min(Number(date.slice(8, 10)), last)).padStart(2, '0')}`;
};

const MonthTimeline = ({ periods }: { periods: PlanPeriods }) => (
  <ul aria-label="The plan’s months" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', padding: 0, margin: 0 }}>
    {periods.Months.map((month) => {
      const next = month.Month === periods.NextMonth;
      const closed = month.State === 'Closed';
      return (
        <li
          key={month.Month}
          aria-label={`${monthName(month.Month)}: ${closed ? 'closed' : next ? 'next to close' : 'open'}`}
          style={{
            minWidth: 132,
            flex: '1 1 132px',
            padding: '8px 10px',
            borderRadius: 6,
            border: `1px solid ${next ? '#1677ff' : closed ? '#b7eb8f' : '#d9d9d9'}`,
            background: closed ? '#f6ffed' : '#fff',
          }}
        >
          <Flex justify="space-between" align="center" gap={4}>
            <Typography.Text strong>{shortMonth(month.Month)}</Typography.Text>
            {closed ? <Tag color="success">Closed</Tag> : next ? <Tag color="processing">Next</Tag> : <Tag>Open</Tag>}
          </Flex>
          {closed ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {month.ClosedBy ?? 'Someone'}, {formatDateTime(month.ClosedAt)}
              <br />
              {month.UnspentChoice === 'RollForward' ? 'Unspent rolled forward' : 'Unspent released'}
            </Typography.Text>
          ) : null}
        </li>
      );
    })}
  </ul>
);

const BlockerRow = ({
  blocker,
  moveTargets,
  canAct,
  busy,
  onSettle,
}: {
  blocker: PeriodBlocker;
  moveTargets: string[];
  canAct: boolean;
  busy: boolean;
  onSettle: (action: BlockerAction) => void;
}) => (
  <li aria-label={blocker.Name} style={{ padding: '10px 0', borderBottom: '1px solid #f0f0f0' }}>
    <Flex wrap justify="space-between" align="center" gap={8}>
      <div style={{ minWidth: 200, flex: '1 1 240px' }}>
        <Typography.Text strong>{blocker.Name}</Typography.Text>{' '}
        <Tag color={blocker.Approval === 'Pending' ? 'purple' : blocker.Status === 1 ? 'default' : 'gold'}>{blocker.StatusLabel}</Tag>
        <br />
        <Typography.Text type="secondary">
          {formatDate(blocker.PurchaseDate)} · {formatBase(blocker.Amount)}
          {blocker.BudgetItemName ? ` · ${blocker.BudgetItemName}` : ''}
        </Typography.Text>
      </div>
      {canAct ? (
        <Flex wrap gap={8}>
          {/* A request waits for an approver's decision (DESIGN.md §15): marking it actual would only ask again. */}
          {blocker.Approval === 'Pending' ? null : (
            <Button size="small" disabled={busy} onClick={() => onSettle({ kind: 'actual', expenseId: blocker.ExpenseId })}>
              Mark actual
            </Button>
          )}
          <Select
            size="small"
            placeholder="Move to…"
            aria-label={`Move ${blocker.Name} to a month`}
            style={{ width: 140 }}
            disabled={busy || moveTargets.length === 0}
            value={null}
            options={moveTargets.map((month) => ({ value: month, label: shortMonth(month) }))}
            onChange={(month: string | null) =>
              month && onSettle({ kind: 'move', expenseId: blocker.ExpenseId, purchaseDate: sameDayIn(blocker.PurchaseDate, month) })
            }
          />
          <Popconfirm
            title={`Cancel “${blocker.Name}”?`}
            description="The expense is deleted."
            okText="Cancel expense"
            cancelText="Keep"
            okButtonProps={{ danger: true }}
            onConfirm={() => onSettle({ kind: 'cancel', expenseId: blocker.ExpenseId, version: blocker.Version })}
          >
            <Button size="small" danger disabled={busy}>
              Cancel
            </Button>
          </Popconfirm>
        </Flex>
      ) : null}
    </Flex>
  </li>
);

const UnspentTable = ({ month }: { month: PeriodMonth }) => (
  <div style={{ overflowX: 'auto' }}>
    <table className="close-unspent" style={{ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' }}>
      <thead>
        <tr>
          {['Item', 'Budget', 'Actual', 'Unspent'].map((label, index) => (
            <th key={label} style={{ textAlign: index === 0 ? 'left' : 'right', padding: '6px 4px', borderBottom: '1px solid #f0f0f0' }}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {month.Unspent.map((row) => (
          <tr key={row.BudgetItemId}>
            <td style={{ padding: '6px 4px' }}>{row.Name}</td>
            <td style={{ padding: '6px 4px', textAlign: 'right' }}>{formatBase(row.Budget)}</td>
            <td style={{ padding: '6px 4px', textAlign: 'right' }}>{formatBase(row.Actual)}</td>
            <td style={{ padding: '6px 4px', textAlign: 'right' }}>{formatBase(row.Unspent)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th style={{ textAlign: 'left', padding: '6px 4px' }}>Total</th>
          <th style={{ textAlign: 'right', padding: '6px 4px' }}>{formatBase(sumDollars(month.Unspent.map((row) => row.Budget)))}</th>
          <th style={{ textAlign: 'right', padding: '6px 4px' }}>{formatBase(sumDollars(month.Unspent.map((row) => row.Actual)))}</th>
          <th style={{ textAlign: 'right', padding: '6px 4px' }}>{formatBase(sumDollars(month.Unspent.map((row) => row.Unspent)))}</th>
        </tr>
      </tfoot>
    </table>
  </div>
);

const ReopenForm = ({ periods, planId }: { periods: PlanPeriods; planId: string }) => {
  const reopen = useReopenPeriod(planId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const latest = periods.LatestClosed;
  if (!latest || !periods.CanReopen) return null;
  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} style={{ marginTop: 12 }}>
        Reopen {monthName(latest)}…
      </Button>
    );
  }
  return (
    <Card size="small" style={{ marginTop: 12 }} title={`Reopen ${monthName(latest)}`}>
      <Typography.Paragraph type="secondary">
        Expenses and budget dated in it can change again. The budget its close rolled forward or released stays where it went.
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="Reason"
        placeholder="Why is the month reopened? (required)"
        value={reason}
        maxLength={500}
        autoSize={{ minRows: 2 }}
        onChange={(event) => setReason(event.target.value)}
      />
      {reopen.error ? <Alert type="error" showIcon style={{ marginTop: 8 }} message={errorMessage(reopen.error)} /> : null}
      <Flex gap={8} style={{ marginTop: 8 }}>
        <Button
          type="primary"
          disabled={reason.trim().length === 0}
          loading={reopen.isPending}
          onClick={() =>
            reopen.mutate(
              { month: latest, reason },
              {
                onSuccess: () => {
                  setOpen(false);
                  setReason('');
                },
              },
            )
          }
        >
          Reopen
        </Button>
        <Button onClick={() => setOpen(false)}>Back</Button>
      </Flex>
    </Card>
  );
};

const NextMonthPanel = ({ periods, planId, canAct }: { periods: PlanPeriods; planId: string; canAct: boolean }) => {
  const close = useClosePeriod(planId);
  const settle = useSettleBlocker(planId);
  const next = periods.Months.find((month) => month.Month === periods.NextMonth);
  const isLast = periods.Months.at(-1)?.Month === periods.NextMonth;
  const [choice, setChoice] = useState<UnspentChoice | null>(null);
  const unspent: UnspentChoice = choice ?? (isLast ? 'Release' : 'RollForward');
  if (!next) {
    return (
      <Card>
        <EmptyState description="Every month of this plan is closed." />
      </Card>
    );
  }
  const name = monthName(next.Month);
  // A blocker moves to a later open month (this one is closing).
  const moveTargets = periods.Months.filter((month) => month.State === 'Open' && month.Month > next.Month).map((month) => month.Month);
  const error = close.error ?? settle.error;
  const ready = next.Blockers.length === 0 && periods.NextMonthEnded;
  const totalUnspent = sumDollars(next.Unspent.map((row) => row.Unspent));
  return (
    <>
      {error ? (
        <Alert
          type="error"
          showIcon
          closable
          style={{ marginBottom: 16 }}
          message={errorMessage(error)}
          onClose={() => {
            close.reset();
            settle.reset();
          }}
        />
      ) : null}
      <Card title={`Blockers of ${name}`} style={{ marginBottom: 16 }}>
        {next.Blockers.length === 0 ? (
          <Typography.Text type="secondary">No planned or committed expense is left in {name} or earlier.</Typography.Text>
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              {next.Blockers.length === 1 ? 'This expense is' : `These ${next.Blockers.length} expenses are`} still planned or committed in{' '}
              {name} or earlier: mark each actual, move it to a later month, or cancel it.
            </Typography.Paragraph>
            <ul aria-label={`Blockers of ${name}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {next.Blockers.map((blocker) => (
                <BlockerRow
                  key={blocker.ExpenseId}
                  blocker={blocker}
                  moveTargets={moveTargets}
                  canAct={canAct}
                  busy={settle.isPending}
                  onSettle={(action) => settle.mutate(action)}
                />
              ))}
            </ul>
          </>
        )}
      </Card>
      <Card title={`Unspent budget of ${name}`} style={{ marginBottom: 16 }}>
        {next.Unspent.length === 0 ? (
          <Typography.Text type="secondary">No item has budget or actual spend in {name}.</Typography.Text>
        ) : (
          <UnspentTable month={next} />
        )}
        {canAct ? (
          <Radio.Group
            style={{ marginTop: 12, display: 'flex', flexDirection: 'column', gap: 4 }}
            value={unspent}
            onChange={(event) => setChoice(event.target.value as UnspentChoice)}
            aria-label="Unspent budget"
          >
            <Radio value="RollForward" disabled={isLast}>
              Roll forward {formatBase(totalUnspent)} into each item’s next month{isLast ? ' (this is the plan’s last month)' : ''}
            </Radio>
            <Radio value="Release">Release {formatBase(totalUnspent)}: the month’s budget drops to its actual, Left to plan grows</Radio>
          </Radio.Group>
        ) : null}
      </Card>
      {canAct ? (
        <Flex wrap align="center" gap={12}>
          <Popconfirm
            title={`Close ${name}?`}
            description="Nothing dated in it can be created, changed or deleted afterwards."
            okText={`Close ${name}`}
            cancelText="Not yet"
            onConfirm={() => close.mutate({ month: next.Month, unspent })}
          >
            <Button type="primary" loading={close.isPending} disabled={!ready}>
              Close {name}
            </Button>
          </Popconfirm>
          {!periods.NextMonthEnded ? (
            <Typography.Text type="secondary">{name} has not ended yet.</Typography.Text>
          ) : next.Blockers.length > 0 ? (
            <Typography.Text type="secondary">Settle the blockers first.</Typography.Text>
          ) : null}
        </Flex>
      ) : null}
    </>
  );
};

/** /close: the plan's months as a timeline, the next month's blockers and unspent budget, Close and Reopen. */
export const CloseScreen = ({ planId, isArchived }: { planId: string; isArchived: boolean }) => {
  const periods = usePlanPeriods(planId);
  if (periods.isPending) return <LoadingState label="Loading the plan’s months…" />;
  if (periods.isError || !periods.data) {
    return <ErrorState error={periods.error} onRetry={() => void periods.refetch()} title="The plan’s months could not be loaded." />;
  }
  const data = periods.data;
  const canAct = data.CanClose && !isArchived;
  return (
    <>
      {!data.CanClose ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="You can look at this plan’s months. Closing one is for the team’s Lead, an Admin or the Owner."
        />
      ) : isArchived ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="This plan is archived: restore it on the Plans page to close months."
        />
      ) : null}
      {data.Months.length === 0 ? (
        <Card>
          <EmptyState description="This plan has no months." />
        </Card>
      ) : (
        <>
          <Card title="Months" style={{ marginBottom: 16 }}>
            <MonthTimeline periods={data} />
            {!isArchived ? <ReopenForm periods={data} planId={planId} /> : null}
          </Card>
          <NextMonthPanel periods={data} planId={planId} canAct={canAct} />
        </>
      )}
    </>
  );
};
