import { PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CloseScreen } from '../../features/close/components/close-screen.tsx';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/**
 * /close: month close of the context plan (DESIGN.md §14). /close?plan=<id> (the close reminder
 * mail's link) opens that plan's months and makes it the context plan when it is one of the context
 * team's plans; a plan of another team is shown as linked (the server answers 404 for one the
 * person may not see).
 */
export const ClosePage = () => {
  const [search] = useSearchParams();
  const linked = search.get('plan');
  const { plan, plans, teamPlans, setPlanId } = useContextPlan();
  const linkedPlan = linked ? teamPlans.find((candidate) => candidate.Id === linked) : undefined;
  useEffect(() => {
    if (linkedPlan && plan?.Id !== linkedPlan.Id) setPlanId(linkedPlan.Id);
  }, [linkedPlan, plan?.Id, setPlanId]);
  const shown = linked ? (linkedPlan ?? null) : plan;
  return (
    <ContextPlanGate
      title="Month close"
      what="months"
      pending={plans.isPending}
      error={plans.error}
      onRetry={() => void plans.refetch()}
      planId={linked ?? plan?.Id ?? null}
    >
      {(planId) => (
        <>
          <PageHeader title="Month close" subtitle={shown?.Name} />
          <CloseScreen planId={planId} isArchived={shown?.State === PLAN_STATE_ARCHIVED} />
        </>
      )}
    </ContextPlanGate>
  );
};
