import { PlusOutlined } from '@ant-design/icons';
import { isLiveState, type MarketingPlan, PLAN_STATE_ARCHIVED, PLAN_STATE_TEMPLATE } from '@plansmith/contract';
import { Button, Card, Tabs } from 'antd';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMyTeams } from '../../shared/api/my-teams.ts';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { LazyCreatePlanModal } from '../../features/playbook/components/lazy-dialogs.tsx';
import { hasPolicy, usePermissions } from '../../shared/api/identity.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { LazyPlanFormModal, LazySharePlanModal } from '../../features/plans/components/lazy-dialogs.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

const PlansTable = lazyPart(async () => (await import('../../features/plans/components/plans-table.tsx')).PlansTable);

/** /plans: the context team's plans by state (live, archived, templates), with their totals. */
export const PlansPage = () => {
  const { plans, teamPlans, plan: contextPlan, teamId, setPlanId } = useContextPlan();
  const teams = useMyTeams();
  // Only Owners, Admins and the team's Leads create plans: nobody else is offered the button (DESIGN.md §12).
  const canCreate = teams.data?.find((team) => team.Id === teamId)?.CanManagePlans ?? false;
  const [searchParams, setSearchParams] = useSearchParams();
  // ?new=1 (the empty dashboard's "Create a plan") opens the form at once.
  const [editing, setEditing] = useState<MarketingPlan | null | 'new'>(() => (searchParams.get('new') ? 'new' : null));
  const [sharing, setSharing] = useState<MarketingPlan | null>(null);
  const [copying, setCopying] = useState<MarketingPlan | null>(null);
  const [copyOpened, setCopyOpened] = useState(false);
  // Copying a plan into next year is the playbook's CreatePlan: Plan.Agility (DESIGN.md §9).
  const canCopy = hasPolicy(usePermissions().data, 'Plan.Agility');
  const copyToNextYear = canCopy
    ? (plan: MarketingPlan) => {
        setCopyOpened(true);
        setCopying(plan);
      }
    : undefined;

  const tabs = [
    {
      key: 'live',
      label: 'Live',
      plans: teamPlans.filter((plan) => isLiveState(plan.State)),
      empty: 'No live plans. Create one to start budgeting.',
    },
    {
      key: 'archived',
      label: 'Archived',
      plans: teamPlans.filter((plan) => plan.State === PLAN_STATE_ARCHIVED),
      empty: 'No archived plans.',
    },
    {
      key: 'templates',
      label: 'Templates',
      plans: teamPlans.filter((plan) => plan.State === PLAN_STATE_TEMPLATE),
      empty: 'No templates. Use “Make a template” on a plan.',
    },
  ];

  return (
    <>
      <PageHeader
        title="Plans"
        subtitle="Your team’s marketing plans, with their budgets and spend."
        actions={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              New plan
            </Button>
          ) : null
        }
      />
      <Card>
        {plans.isPending ? (
          <LoadingState label="Loading plans…" />
        ) : plans.isError ? (
          <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />
        ) : (
          <Tabs
            items={tabs.map((tab) => ({
              key: tab.key,
              label: `${tab.label} (${tab.plans.length})`,
              children: (
                <PlansTable
                  plans={tab.plans}
                  contextPlanId={contextPlan?.Id ?? null}
                  onEdit={(plan) => setEditing(plan)}
                  onShare={(plan) => setSharing(plan)}
                  onCopyToNextYear={copyToNextYear}
                  emptyText={tab.empty}
                />
              ),
            }))}
          />
        )}
      </Card>
      <LazyPlanFormModal
        open={editing !== null && (editing !== 'new' || canCreate)}
        plan={editing === 'new' ? null : editing}
        defaultTeamId={teamId}
        onClose={() => {
          setEditing(null);
          if (searchParams.has('new')) setSearchParams({}, { replace: true });
        }}
        onSaved={(plan) => {
          if (editing === 'new') setPlanId(plan.Id);
        }}
      />
      <LazySharePlanModal plan={sharing} onClose={() => setSharing(null)} />
      {copyOpened ? (
        <Suspense fallback={null}>
          <LazyCreatePlanModal source={copying} mode="next-year" onClose={() => setCopying(null)} />
        </Suspense>
      ) : null}
    </>
  );
};
