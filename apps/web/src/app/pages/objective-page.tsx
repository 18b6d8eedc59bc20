import { ArrowLeftOutlined } from '@ant-design/icons';
import { getHref, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { App, Button, Card, Col, Flex, Row, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useBudgetItems } from '../../features/budget/api/budget-queries.ts';
import { funnelStagesOf, useLookups } from '../../features/lookups/api/lookup-queries.ts';
import { useDeleteObjective } from '../../features/objectives/api/objective-mutations.ts';
import { useObjective } from '../../features/objectives/api/objective-queries.ts';
import { ObjectiveStatusTag } from '../../features/objectives/components/objective-status-tag.tsx';
import { ObjectiveSummary } from '../../features/objectives/components/objective-summary.tsx';
import { ResultsChart } from '../../features/objectives/components/lazy-results-chart.tsx';
import { usePlan } from '../../features/plans/api/plan-queries.ts';
import { errorMessage } from '../../shared/api/api-error.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

const ActivityFeed = lazyPart(async () => (await import('../../features/activities/components/activity-feed.tsx')).ActivityFeed);
const CommentsPanel = lazyPart(async () => (await import('../../features/comments/components/comments-panel.tsx')).CommentsPanel);
const LinkedItems = lazyPart(async () => (await import('../../features/objectives/components/linked-items.tsx')).LinkedItems);
const ResultsTable = lazyPart(async () => (await import('../../features/objectives/components/results-table.tsx')).ResultsTable);

// The drawer's form (date pickers, selects) loads on first open, not with the page.
const ObjectiveDrawer = lazy(async () => ({
  default: (await import('../../features/objectives/components/objective-drawer.tsx')).ObjectiveDrawer,
}));

/** /objectives/{id}: figures, results over time against the pace, the results, linked items, comments and activity. */
export const ObjectivePage = () => {
  const { id } = useParams();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const objective = useObjective(id);
  const plan = usePlan(objective.data?.MarketingPlanId);
  const planItems = useBudgetItems(objective.data?.MarketingPlanId ?? null);
  const lookups = useLookups();
  const remove = useDeleteObjective();
  const [editing, setEditing] = useState(false);
  const [drawerOpened, setDrawerOpened] = useState(false);

  if (objective.isPending || (objective.isSuccess && plan.isPending)) return <LoadingState label="Loading the objective…" />;
  if (objective.isError) {
    return <ErrorState error={objective.error} onRetry={() => void objective.refetch()} title="This objective could not be loaded." />;
  }
  if (plan.isError) return <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />;
  const data = objective.data;
  const planData = plan.data;
  if (!planData) return <LoadingState />;
  const isArchived = planData.State === PLAN_STATE_ARCHIVED;
  const canEdit = planData.Permissions.CanEditBudget && !isArchived;
  const canDelete = planData.Permissions.CanManagePlan && !isArchived;

  const confirmDelete = () =>
    modal.confirm({
      title: `Delete “${data.Name}”?`,
      content: `Its ${data.ResultCount} result${data.ResultCount === 1 ? '' : 's'} go with it. Linked budget items stay in the plan, unlinked.`,
      okText: 'Delete objective',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync({ id: data.Id, planId: data.MarketingPlanId, version: data.Version });
          message.success('Objective deleted.');
          navigate(getHref('objectives'));
        } catch (error) {
          message.error(errorMessage(error));
        }
      },
    });

  return (
    <>
      <PageHeader
        title={data.Name}
        subtitle={
          <Flex gap={8} align="center" wrap>
            <ObjectiveStatusTag status={data.Status} />
            <span>
              {planData.Name} · {formatDate(data.StartDate)} to {formatDate(data.EndDate)}
              {data.Active ? '' : ' · inactive'}
            </span>
          </Flex>
        }
        actions={
          <>
            <Link to={getHref('objectives')}>
              <Button icon={<ArrowLeftOutlined />}>Objectives</Button>
            </Link>
            {canEdit ? (
              <Button
                onClick={() => {
                  setDrawerOpened(true);
                  setEditing(true);
                }}
              >
                Edit
              </Button>
            ) : null}
            {canDelete ? (
              <Button danger onClick={confirmDelete} loading={remove.isPending}>
                Delete
              </Button>
            ) : null}
          </>
        }
      />
      <Flex vertical gap={16}>
        {data.Description ? <Typography.Paragraph style={{ margin: 0 }}>{data.Description}</Typography.Paragraph> : null}
        <section aria-label="Figures">
          <ObjectiveSummary objective={data} />
        </section>
        <Card title={data.Aggregation === 1 ? 'Results to date against the target pace' : 'Latest result against the target'}>
          <ResultsChart objective={data} />
        </Card>
        <section aria-label="Results">
          <ResultsTable objective={data} canEdit={canEdit} />
        </section>
        <section aria-label="Linked budget items">
          <LinkedItems objectiveId={data.Id} planItems={planItems.data ?? []} canEdit={canEdit} />
        </section>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <section aria-label="Comments">
              <CommentsPanel target={{ EntityType: 'Objective', EntityId: data.Id }} canWrite={planData.Permissions.CanEditBudget} />
            </section>
          </Col>
          <Col xs={24} xl={12}>
            <section aria-label="Activity">
              <ActivityFeed target={{ EntityType: 'Objective', EntityId: data.Id }} canWrite={planData.Permissions.CanEditBudget} />
            </section>
          </Col>
        </Row>
      </Flex>
      {drawerOpened ? (
        <Suspense fallback={null}>
          <ObjectiveDrawer
            open={editing}
            objective={data}
            plan={planData}
            funnelStages={funnelStagesOf(lookups.data)}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
};
