import { PLAN_CODES, type PlanCode, WEBHOOK_LIMIT_MESSAGE, WEBHOOKS_PER_TENANT, type Webhook } from '@plansmith/contract';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useWebhooks } from '../../features/webhooks/api/webhook-queries.ts';
import { useTenant } from '../../shared/api/identity.ts';
import { PlanGate } from '../plan-gate.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

// The table, the dialog and the delivery log load beside the page's own code: the route's first load stays within its budget.
const WebhooksTable = lazyPart(async () => (await import('../../features/webhooks/components/webhooks-table.tsx')).WebhooksTable);
const WebhookFormDialog = lazyPart(
  async () => (await import('../../features/webhooks/components/webhook-form-dialog.tsx')).WebhookFormDialog,
  null,
);
const WebhookDeliveries = lazyPart(
  async () => (await import('../../features/webhooks/components/webhook-deliveries.tsx')).WebhookDeliveries,
  null,
);

const PAID_PLANS: readonly PlanCode[] = PLAN_CODES.filter((code) => code !== 'starter');

/** /account/webhooks (Owners and Admins of a paid account, DESIGN.md §18): tell other tools what changed. */
export const WebhooksPage = () => {
  const tenant = useTenant();
  const isPaid = tenant.data !== undefined && PAID_PLANS.includes(tenant.data.PlanCode);
  return (
    <PlanGate
      name="webhooks"
      plans={PAID_PLANS}
      header={
        <PageHeader
          title="Webhooks"
          subtitle={
            <>
              Plansmith POSTs a signed JSON event to your URL when expenses, budget items, plans, approvals or month closes change. Verify
              each one with its <Typography.Text code>Plansmith-Signature</Typography.Text> header.
            </>
          }
          actions={isPaid ? <AddWebhookButton /> : undefined}
        />
      }
    >
      <WebhookList />
    </PlanGate>
  );
};

/** Opens the add dialog; a separate component so the page's header holds it without owning the dialog's state. */
const AddWebhookButton = () => {
  const [open, setOpen] = useState(false);
  // At the account's limit the server would refuse a new hook: the list says why (WebhookList).
  const isFull = (useWebhooks().data?.length ?? 0) >= WEBHOOKS_PER_TENANT;
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} disabled={isFull}>
        Add webhook
      </Button>
      <WebhookFormDialog open={open} hook={null} onClose={() => setOpen(false)} />
    </>
  );
};

const WebhookList = () => {
  const hooks = useWebhooks();
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  return (
    <Card>
      {hooks.isPending ? (
        <LoadingState />
      ) : hooks.isError ? (
        <ErrorState error={hooks.error} onRetry={() => void hooks.refetch()} />
      ) : (
        <>
          <WebhooksTable hooks={hooks.data} onEdit={setEditing} onShowDeliveries={setLogOf} />
          {hooks.data.length >= WEBHOOKS_PER_TENANT ? (
            <Typography.Paragraph type="secondary">{WEBHOOK_LIMIT_MESSAGE}</Typography.Paragraph>
          ) : null}
        </>
      )}
      <WebhookFormDialog open={editing !== null} hook={editing} onClose={() => setEditing(null)} />
      <WebhookDeliveries hook={logOf} onClose={() => setLogOf(null)} />
    </Card>
  );
};
