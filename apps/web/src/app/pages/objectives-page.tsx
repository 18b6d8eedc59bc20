import { PlusOutlined } from '@ant-design/icons';
import { type Objective, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { Button, Card } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { funnelStagesOf, useLookups } from '../../features/lookups/api/lookup-queries.ts';
import { useObjectives } from '../../features/objectives/api/objective-queries.ts';
import { ObjectivesTable } from '../../features/objectives/components/objectives-table.tsx';
import { usePlan } from '../../features/plans/api/plan-queries.ts';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

// The drawer's form (date pickers, selects) loads on first open, not with the page.
const ObjectiveDrawer = lazy(async () => ({
  default: (await import('../../features/objectives/components/objective-drawer.tsx')).ObjectiveDrawer,
}));

const ObjectivesForPlan = ({ planId }: { planId: string }) => {
  const plan = usePlan(planId);
  const objectives = useObjectives(planId);
  const lookups = useLookups();
  // undefined: closed; null: adding; an objective: editing it.
  const [editing, setEditing] = useState<Objective | null | undefined>(undefined);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const edit = (objective: Objective | null) => {
    setDrawerOpened(true);
    setEditing(objective);
  };

  if (plan.isPending || objectives.isPending) return <LoadingState label="Loading objectives…" />;
  if (plan.isError) return <ErrorState error={plan.error} onRetry={() => void plan.refetch()} title="The plan could not be loaded." />;
  if (objectives.isError) {
    return <ErrorState error={objectives.error} onRetry={() => void objectives.refetch()} title="The objectives could not be loaded." />;
  }
  const canEdit = plan.data.Permissions.CanEditBudget && plan.data.State !== PLAN_STATE_ARCHIVED;
  const add = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)}>
      Add objective
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title="Objectives" subtitle={plan.data.Name} actions={add} />
      <Card>
        {objectives.data.length === 0 ? (
          <EmptyState
            description={
              canEdit
                ? 'No objectives yet. Start with what this plan must achieve — MQLs, pipeline, attendees — and a target for each.'
                : 'This plan has no objectives yet.'
            }
            action={
              canEdit ? (
                <Button type="primary" onClick={() => edit(null)}>
                  Add the first objective
                </Button>
              ) : null
            }
          />
        ) : (
          <ObjectivesTable objectives={objectives.data} canEdit={canEdit} onEdit={edit} />
        )}
      </Card>
      {drawerOpened ? (
        <Suspense fallback={null}>
          <ObjectiveDrawer
            open={editing !== undefined}
            objective={editing ?? null}
            plan={plan.data}
            funnelStages={funnelStagesOf(lookups.data)}
            onClose={() => setEditing(undefined)}
          />
        </Suspense>
      ) : null}
    </>
  );
};

export const ObjectivesPage = () => {
  const { plan, plans } = useContextPlan();
  return (
    <ContextPlanGate
      title="Objectives"
      what="objectives"
      pending={plans.isPending}
      error={plans.error}
      onRetry={() => void plans.refetch()}
      planId={plan?.Id ?? null}
    >
      {(planId) => <ObjectivesForPlan planId={planId} />}
    </ContextPlanGate>
  );
};
