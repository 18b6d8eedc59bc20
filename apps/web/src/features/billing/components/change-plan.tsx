import { type BillingCycle, getHref, type Subscription } from '@plansmith/contract';
import { Alert, Button, Flex, Popconfirm, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { useChangeSubscription, usePreviewChange } from '../api/billing-api.ts';

type Choice = { productId: string; name: string; cycle: BillingCycle; periodPrice: number };

/**
 * Change plan or cycle. The page passes the plan picker (the cycle switch and plan cards) and the
 * current choice; the change is confirmed on /account/subscription/completed.
 */
export const ChangePlan = ({
  subscription,
  choice,
  cycleSwitch,
  planCards,
}: {
  subscription: Subscription;
  choice: Choice | null;
  cycleSwitch: ReactNode;
  planCards: ReactNode;
}) => {
  const navigate = useNavigate();
  const change = useChangeSubscription();
  const unchanged = !choice || (choice.productId === subscription.ProductId && choice.cycle === subscription.BillingCycle);
  const period = choice?.cycle === 'year' ? 'annually' : 'monthly';
  const preview = usePreviewChange(choice && !unchanged ? { productId: choice.productId, cycle: choice.cycle } : null);
  const closing = preview.data?.ClosingAreas ?? [];
  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        {/* h2 under the page's h1 (no skipped level), drawn at antd's h4 size. */}
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20, lineHeight: '28px' }}>
          Change plan or billing cycle
        </Typography.Title>
        {cycleSwitch}
      </Flex>
      {planCards}
      {choice && !unchanged ? (
        <div style={{ marginTop: 16 }} aria-live="polite">
          {preview.isPending ? (
            <Typography.Text type="secondary">Working out today’s prorated amount…</Typography.Text>
          ) : preview.isError ? (
            <Alert type="warning" showIcon message={`The prorated amount could not be shown: ${errorMessage(preview.error)}`} />
          ) : (
            <>
              <table className="change-preview" aria-label="Due today for this change">
                <tbody>
                  {preview.data.Lines.map((line) => (
                    <tr key={line.Description}>
                      <td>{line.Description}</td>
                      <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatBase(line.Amount)}</td>
                    </tr>
                  ))}
                  <tr>
                    <th scope="row" style={{ textAlign: 'left' }}>
                      {preview.data.Total < 0 ? 'Credit kept for your next invoices' : 'Due today'}
                    </th>
                    <td style={{ textAlign: 'right', whiteSpace: 'nowrap', fontWeight: 600 }} data-testid="change-due-today">
                      {formatBase(Math.abs(preview.data.Total))}
                    </td>
                  </tr>
                </tbody>
              </table>
              {closing.length > 0 ? (
                <Alert
                  type="warning"
                  showIcon
                  role="alert"
                  style={{ marginTop: 12 }}
                  message={`${choice.name} does not include ${closing.join(', ')}.`}
                  description="These areas close after the change. Their data stays and comes back when you upgrade again."
                />
              ) : null}
            </>
          )}
        </div>
      ) : null}
      {change.isError ? <Alert type="error" showIcon role="alert" style={{ marginTop: 16 }} message={errorMessage(change.error)} /> : null}
      <Flex justify="flex-end" align="center" gap={16} wrap style={{ marginTop: 16 }}>
        {choice && !unchanged ? (
          <Typography.Text type="secondary">
            Then {formatBase(choice.periodPrice)} billed {period}. Unused days of this period are credited.
          </Typography.Text>
        ) : null}
        <Popconfirm
          title={`Switch to ${choice?.name ?? 'this plan'}, billed ${period}${preview.data ? ` (${formatBase(Math.max(0, preview.data.Total))} today)` : ''}?`}
          okText="Change plan"
          disabled={unchanged}
          onConfirm={() =>
            choice &&
            change.mutate(
              { productId: choice.productId, cycle: choice.cycle },
              {
                onSuccess: (result) =>
                  navigate(getHref('subscriptionCompleted', {}, { plan: result.PlanName, cycle: result.BillingCycle ?? '' })),
              },
            )
          }
        >
          <Button type="primary" disabled={unchanged} loading={change.isPending}>
            {change.isPending ? 'Processing...' : 'Change plan'}
          </Button>
        </Popconfirm>
      </Flex>
    </div>
  );
};
