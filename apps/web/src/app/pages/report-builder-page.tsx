import { PLAN_STATE_TEMPLATE } from '@plansmith/contract/plan-states';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { ReportBuilder } from '../../features/report-builder/components/report-builder.tsx';
import { ReportTabs } from '../../features/reports/components/report-tabs.tsx';
import { useProfile } from '../../shared/api/identity.ts';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

/** /reports/builder (DESIGN.md §16): the report builder beside the budget categories report, over the plans the person sees (the context team's, or every team's while none is chosen). */
export const ReportBuilderPage = () => {
  const { plan, plans } = useContextPlan();
  const profile = useProfile();
  return (
    <>
      <ReportTabs />
      <ContextPlanGate
        title="Report builder"
        what="reports"
        pending={plans.isPending}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        planId={plan?.Id ?? null}
        hasPlans={(plans.data?.length ?? 0) > 0}
      >
        {() => {
          if (profile.isPending) return <LoadingState label="Loading the report builder…" />;
          if (profile.isError || !profile.data || !plan)
            return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} title="Your profile could not be loaded." />;
          // The builder keeps its own choices: a new plan or person starts it afresh.
          return (
            <ReportBuilder
              key={profile.data.Id}
              plans={(plans.data ?? []).filter((entry) => entry.State !== PLAN_STATE_TEMPLATE)}
              contextPlan={plan}
              userId={profile.data.Id}
            />
          );
        }}
      </ContextPlanGate>
    </>
  );
};
