import { getHref, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { Button, Typography } from 'antd';
import { Link } from 'react-router';
import { usePlanMonths } from '../../features/budget/api/budget-months.ts';
import { useBudgetItems } from '../../features/budget/api/budget-queries.ts';
import { useCampaigns } from '../../features/calendar/api/calendar-queries.ts';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';
import { ContextPlanFallback } from '../../shared/ui/context-plan-fallback.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { ReadOnlyNote, readOnlyReason } from '../../shared/ui/read-only-note.tsx';

// The timeline, its filters and the phone's list load beside the page's own code and its data.
const CampaignCalendar = lazyPart(
  async () => (await import('../../features/calendar/components/campaign-calendar.tsx')).CampaignCalendar,
  <LoadingState label="Loading the calendar…" />,
);

/** /calendar (DESIGN.md §16): the context plan's campaigns and their items on a timeline. */
export const CalendarPage = () => {
  const { plans, plan } = useContextPlan();
  const campaigns = useCampaigns(plan?.Id ?? null);
  const items = useBudgetItems(plan?.Id ?? null);
  const months = usePlanMonths(plan?.Id ?? '', Boolean(plan));

  if (!plan) return <ContextPlanFallback plans={plans} title="Calendar" />;
  const canEdit = plan.Permissions.CanEditBudget && plan.State !== PLAN_STATE_ARCHIVED;
  const failed = [campaigns, items, months].find((query) => query.isError);
  const loaded =
    campaigns.data && items.data && months.data ? { campaigns: campaigns.data.Campaigns, items: items.data, months: months.data } : null;

  return (
    <>
      <PageHeader
        title="Calendar"
        subtitle={
          <>
            <Link to={getHref('plan', { id: plan.Id })}>{plan.Name}</Link> · {formatDate(plan.StartDate)} – {formatDate(plan.EndDate)}
          </>
        }
      />
      {readOnlyReason(plan) ? <ReadOnlyNote reason={readOnlyReason(plan) ?? ''} /> : null}
      {failed ? (
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />
      ) : !loaded ? (
        <LoadingState label="Loading the calendar…" />
      ) : loaded.campaigns.length === 0 && loaded.items.length === 0 ? (
        <Panel>
          <EmptyState
            description="This plan has no campaigns or budget items yet."
            action={
              <Link to={getHref('campaigns')}>
                <Button type="primary">Go to campaigns</Button>
              </Link>
            }
          />
        </Panel>
      ) : (
        <>
          {loaded.campaigns.length === 0 ? (
            <Typography.Paragraph>
              This plan has no campaigns yet, so its items show under No campaign. Plan its programs, campaigns and tactics on{' '}
              <Link to={getHref('campaigns')}>Campaigns</Link>.
            </Typography.Paragraph>
          ) : null}
          <CampaignCalendar plan={plan} campaigns={loaded.campaigns} items={loaded.items} months={loaded.months} canEdit={canEdit} />
        </>
      )}
    </>
  );
};
