import { ArrowLeftOutlined } from '@ant-design/icons';
import { getHref, isLiveState, type MarketingPlan, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { Button, Card, Col, Descriptions, Flex, Row, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePlan, usePlanTotals } from '../../features/plans/api/plan-queries.ts';
import { PlanRowActions } from '../../features/plans/components/plan-row-actions.tsx';
import { useOnContextSwitch } from '../../features/plans/hooks/use-context-switch.ts';
import { useProfile } from '../../shared/api/identity.ts';
import { useContextSelection } from '../../shared/context/context-selection.tsx';
import { formatDate } from '../../shared/format/dates.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { LazyPlanFormModal, LazySharePlanModal } from '../../features/plans/components/lazy-dialogs.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

const ActivityFeed = lazyPart(async () => (await import('../../features/activities/components/activity-feed.tsx')).ActivityFeed);
const CommentsPanel = lazyPart(async () => (await import('../../features/comments/components/comments-panel.tsx')).CommentsPanel);
// Who else views the plan (DESIGN.md §13): loaded after the page, off its first load.
const PlanViewers = lazyPart(async () => (await import('../../shared/ui/plan-viewers.tsx')).PlanViewers, null);
// Where the plan will land (DESIGN.md §14), against its Budget and Baseline.
const LandingCard = lazyPart(async () => (await import('../../shared/ui/landing-card.tsx')).LandingCard, null);
// The baseline and its budget changes (DESIGN.md §14), loaded beside the page like the feeds.
const BaselinePanel = lazyPart(async () => (await import('../../features/baseline/components/baseline-panel.tsx')).BaselinePanel);
const PlanTotalsView = lazyPart(async () => (await import('../../features/plans/components/plan-totals-view.tsx')).PlanTotalsView);

const stateLabel = (plan: MarketingPlan) =>
  isLiveState(plan.State) ? (
    <Tag color="green">Live</Tag>
  ) : plan.State === PLAN_STATE_ARCHIVED ? (
    <Tag>Archived</Tag>
  ) : (
    <Tag color="blue">Template</Tag>
  );

/**
 * /plans/{id}: the plan's details and its totals by category and type. Built of sections so
 * other features (comments, activity) can be added below the marked spot.
 */
export const PlanPage = () => {
  const { id } = useParams();
  const navigate = useNavigate();
  const { setPlanId } = useContextSelection();
  const plan = usePlan(id);
  const totals = usePlanTotals(id);
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const [sharing, setSharing] = useState<MarketingPlan | null>(null);
  // Another team in the shell: its plans; another plan: that plan's page (DESIGN.md §12).
  useOnContextSwitch(plan.data, (planId) => navigate(planId ? getHref('plan', { id: planId }) : getHref('plans')));

  if (plan.isPending) return <LoadingState label="Loading the plan…" />;
  if (plan.isError) return <ErrorState error={plan.error} onRetry={() => void plan.refetch()} title="This plan could not be loaded." />;
  const data = plan.data;

  return (
    <>
      <PageHeader
        title={data.Name}
        subtitle={
          <Space>
            {stateLabel(data)}
            {`${formatDate(data.StartDate)} – ${formatDate(data.EndDate)}`}
          </Space>
        }
        actions={
          <>
            <Link to={getHref('plans')}>
              <Button icon={<ArrowLeftOutlined />}>All plans</Button>
            </Link>
            <Button
              type="primary"
              onClick={() => {
                setPlanId(data.Id);
                navigate(getHref('budget'));
              }}
            >
              Open budget
            </Button>
            <PlanRowActions plan={data} onEdit={() => setEditing(true)} onShare={setSharing} onDeleted={() => navigate(getHref('plans'))} />
          </>
        }
      />
      <Flex vertical gap={16}>
        <PlanViewers planId={data.Id} />
        <Card title="Details" size="small">
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'description', label: 'Description', children: data.Description || '—' },
              { key: 'items', label: 'Budget items', children: data.Totals.ItemCount },
              { key: 'shared', label: 'Guest link', children: data.ShareUrl ? <a href={data.ShareUrl}>{data.ShareUrl}</a> : 'Not shared' },
            ]}
          />
        </Card>
        {data.Landing ? (
          <section aria-label="Landing">
            <LandingCard landing={data.Landing} />
          </section>
        ) : null}
        <section aria-label="Totals">
          {totals.isPending ? (
            <LoadingState label="Adding up the plan…" />
          ) : totals.isError ? (
            <ErrorState error={totals.error} onRetry={() => void totals.refetch()} />
          ) : (
            <PlanTotalsView totals={totals.data} />
          )}
        </section>
        <section aria-label="Baseline">
          <BaselinePanel
            plan={data}
            canLock={data.Permissions.CanManagePlan && data.State !== PLAN_STATE_ARCHIVED}
            canUnlock={profile.data?.TenantRole === 'Owner' || profile.data?.TenantRole === 'Admin'}
          />
        </section>
        {/* Plan page embeds (comments, activity feed) go here, each in its own section. */}
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <section aria-label="Comments">
              <CommentsPanel target={{ EntityType: 'MarketingPlan', EntityId: data.Id }} canWrite={data.Permissions.CanEditBudget} />
            </section>
          </Col>
          <Col xs={24} xl={12}>
            <section aria-label="Activity">
              <ActivityFeed
                target={{ EntityType: 'MarketingPlan', EntityId: data.Id }}
                planWide
                canWrite={data.Permissions.CanEditBudget}
              />
            </section>
          </Col>
        </Row>
      </Flex>
      <LazyPlanFormModal open={editing} plan={data} defaultTeamId={data.TeamId} onClose={() => setEditing(false)} />
      <LazySharePlanModal plan={sharing} onClose={() => setSharing(null)} />
    </>
  );
};
