import { PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { CloseScreen } from '../../features/close/components/close-screen.tsx';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/** /close: month close of the context plan (DESIGN.md §14). */
export const ClosePage = () => {
  const { plan, plans } = useContextPlan();
  return (
    <ContextPlanGate
      title="Month close"
      what="months"
      pending={plans.isPending}
      error={plans.error}
      onRetry={() => void plans.refetch()}
      planId={plan?.Id ?? null}
    >
      {(planId) => (
        <>
          <PageHeader title="Month close" subtitle={plan?.Name} />
          <CloseScreen planId={planId} isArchived={plan?.State === PLAN_STATE_ARCHIVED} />
        </>
      )}
    </ContextPlanGate>
  );
};
