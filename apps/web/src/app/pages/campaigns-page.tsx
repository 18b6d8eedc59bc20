import { getHref, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { Link } from 'react-router';
import { useCampaigns } from '../../features/calendar/api/calendar-queries.ts';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { useTeamMembers } from '../../features/teams/api/team-queries.ts';
import { useCustomFields } from '../../shared/custom-fields/custom-field-queries.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';
import { ContextPlanFallback } from '../../shared/ui/context-plan-fallback.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { ReadOnlyNote, readOnlyReason } from '../../shared/ui/read-only-note.tsx';

// The tree table and its form (antd Table, Form, Modal) load beside the page's data.
const CampaignTree = lazyPart(
  async () => (await import('../../features/campaigns/components/campaign-tree.tsx')).CampaignTree,
  <LoadingState label="Loading the campaigns…" />,
);

/** /campaigns (DESIGN.md §16): the context plan's programs, campaigns and tactics with their roll-ups. */
export const CampaignsPage = () => {
  const { plans, plan } = useContextPlan();
  const campaigns = useCampaigns(plan?.Id ?? null);
  const members = useTeamMembers(plan?.TeamId ?? null);
  const custom = useCustomFields('Campaign');

  if (!plan) return <ContextPlanFallback plans={plans} title="Campaigns" />;
  const canEdit = plan.Permissions.CanEditBudget && plan.State !== PLAN_STATE_ARCHIVED;
  return (
    <>
      <PageHeader
        title="Campaigns"
        subtitle={
          <>
            <Link to={getHref('plan', { id: plan.Id })}>{plan.Name}</Link> · {formatDate(plan.StartDate)} – {formatDate(plan.EndDate)} ·{' '}
            <Link to={getHref('calendar')}>Calendar</Link>
          </>
        }
      />
      {readOnlyReason(plan) ? <ReadOnlyNote reason={readOnlyReason(plan) ?? ''} /> : null}
      {campaigns.isError ? (
        <ErrorState error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      ) : !campaigns.data ? (
        <LoadingState label="Loading the campaigns…" />
      ) : (
        <Panel>
          {campaigns.data.Campaigns.length === 0 ? (
            <EmptyState description="This plan has no campaigns yet. Group its budget items into programs, campaigns and tactics to see their money together." />
          ) : null}
          <CampaignTree list={campaigns.data} plan={plan} people={members.data ?? []} fields={custom.fields} canEdit={canEdit} />
        </Panel>
      )}
    </>
  );
};
