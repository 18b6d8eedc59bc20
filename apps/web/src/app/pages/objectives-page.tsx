import { PlusOutlined } from '@ant-design/icons';
import { type Objective, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { funnelStagesOf, useLookups } from '../../features/lookups/api/lookup-queries.ts';
import { useObjectives } from '../../features/objectives/api/objective-queries.ts';
import { ObjectiveDrawer } from '../../features/objectives/components/objective-drawer.tsx';
import { ObjectivesTable } from '../../features/objectives/components/objectives-table.tsx';
import { usePlan } from '../../features/plans/api/plan-queries.ts';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

const ObjectivesForPlan = ({ planId }: { planId: string }) => {
  const plan = usePlan(planId);
  const objectives = useObjectives(planId);
  const lookups = useLookups();
  // undefined: closed; null: adding; an objective: editing it.
  const [editing, setEditing] = useState<Objective | null | undefined>(undefined);

  if (plan.isPending || objectives.isPending) return <LoadingState label="Loading objectives…" />;
  if (plan.isError) return <ErrorState error={plan.error} onRetry={() => void plan.refetch()} title="The plan could not be loaded." />;
  if (objectives.isError) {
    return <ErrorState error={objectives.error} onRetry={() => void objectives.refetch()} title="The objectives could not be loaded." />;
  }
  const canEdit = plan.data.Permissions.CanEditBudget && plan.data.State !== PLAN_STATE_ARCHIVED;
  const add = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
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
                <Button type="primary" onClick={() => setEditing(null)}>
                  Add the first objective
                </Button>
              ) : null
            }
          />
        ) : (
          <ObjectivesTable objectives={objectives.data} canEdit={canEdit} onEdit={setEditing} />
        )}
      </Card>
      <ObjectiveDrawer
        open={editing !== undefined}
        objective={editing ?? null}
        plan={plan.data}
        funnelStages={funnelStagesOf(lookups.data)}
        onClose={() => setEditing(undefined)}
      />
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
