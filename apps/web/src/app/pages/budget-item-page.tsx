import { ArrowLeftOutlined } from '@ant-design/icons';
import { type BudgetItem, getHref, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { App, Button, Col, Flex, Row } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../shared/api/api-error.ts';
import { useDeleteBudgetItem, useKeepTheirItem } from '../../features/budget/api/budget-mutations.ts';
import { BudgetReasonProvider } from '../../features/budget/components/budget-reason.tsx';
import { useBudgetItem } from '../../features/budget/api/budget-queries.ts';
import { useBudgetCategories } from '../../features/categories/api/category-queries.ts';
import { useCampaigns } from '../../features/calendar/api/calendar-queries.ts';
import { hasPolicy, usePermissions } from '../../shared/api/identity.ts';
import { glCodesOf, useLookups } from '../../features/lookups/api/lookup-queries.ts';
import { useObjectives } from '../../features/objectives/api/objective-queries.ts';
import { usePlan } from '../../features/plans/api/plan-queries.ts';
import { useAdoptContextPlan, useOnContextSwitch } from '../../features/plans/hooks/use-context-switch.ts';
import { ReadOnlyNote, readOnlyReason } from '../../shared/ui/read-only-note.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';
import { staleWriteOf } from '../../shared/ui/merge-dialog.tsx';
import { useShownRow } from '../../shared/ui/live-row.tsx';
import type { ComponentProps } from 'react';

const ActivityFeed = lazyPart(async () => (await import('../../features/activities/components/activity-feed.tsx')).ActivityFeed);
const CommentsPanel = lazyPart(async () => (await import('../../features/comments/components/comments-panel.tsx')).CommentsPanel);
const BudgetItemForm = lazyPart(async () => (await import('../../features/budget/components/budget-item-form.tsx')).BudgetItemForm);
const ItemExpensesPanel = lazyPart(
  async () => (await import('../../features/expenses/components/item-expenses-panel.tsx')).ItemExpensesPanel,
);
const BudgetItemSpend = lazyPart(async () => (await import('../../features/budget/components/budget-item-spend.tsx')).BudgetItemSpend);

/** The item's form, kept on the version it was filled from while a colleague's change is offered (DESIGN.md §13). */
const LiveBudgetItemForm = ({ item, ...props }: ComponentProps<typeof BudgetItemForm>) => {
  const { shown, notice } = useShownRow('BudgetItem', item, 'this budget item');
  return (
    <>
      {notice}
      <BudgetItemForm item={shown} {...props} />
    </>
  );
};

/**
 * /budget/{id}: the item's form and monthly phasing, and its spend. Built of sections so other
 * features (the item's expenses, comments, activity) can be added below the marked spot.
 */
const BudgetItemPageBody = () => {
  const { id } = useParams();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const item = useBudgetItem(id);
  const plan = usePlan(item.data?.MarketingPlanId);
  // The plan's campaigns for the item's Campaign picker (DESIGN.md §16).
  const campaigns = useCampaigns(item.data?.MarketingPlanId ?? null);
  const categories = useBudgetCategories();
  const lookups = useLookups();
  const remove = useDeleteBudgetItem();
  const keepTheirs = useKeepTheirItem();
  // The item's plan becomes the context plan, so "← Budget" shows this plan (DESIGN.md §12);
  // picking another team or plan in the shell goes back to the budget.
  useAdoptContextPlan(plan.data);
  useOnContextSwitch(plan.data, () => navigate(getHref('budget')));
  // Objectives belong to the Performance plan: the picker shows only where the tenant has it.
  const canUseObjectives = hasPolicy(usePermissions().data, 'Plan.Performance');
  const objectives = useObjectives(item.data?.MarketingPlanId ?? null, canUseObjectives);

  if (item.isPending || (item.isSuccess && plan.isPending)) return <LoadingState label="Loading the budget item…" />;
  if (item.isError)
    return <ErrorState error={item.error} onRetry={() => void item.refetch()} title="This budget item could not be loaded." />;
  if (plan.isError) return <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />;
  const data = item.data;
  const planData = plan.data;
  if (!planData) return <LoadingState />;
  const canEdit = planData.Permissions.CanEditBudget && planData.State !== PLAN_STATE_ARCHIVED;
  const readOnly = readOnlyReason(planData);

  const confirmDelete = () =>
    modal.confirm({
      title: `Delete “${data.Name}”?`,
      content: 'Its monthly phasing is deleted with it. An item with expenses cannot be deleted.',
      okText: 'Delete item',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync({ id: data.Id, planId: data.MarketingPlanId, version: data.Version });
          message.success('Budget item deleted.');
          navigate(getHref('budget'));
        } catch (error) {
          // Someone changed it since it was read (DESIGN.md §13): the page shows their item, nothing is deleted.
          const stale = staleWriteOf<BudgetItem>(error);
          if (stale) keepTheirs(stale.current);
          message.error(stale ? `${stale.message} It was not deleted: check their change first.` : errorMessage(error));
        }
      },
    });

  return (
    <>
      <PageHeader
        title={data.Name}
        subtitle={`${data.BudgetCategoryName} · ${planData.Name}`}
        actions={
          <>
            <Link to={getHref('budget')}>
              <Button icon={<ArrowLeftOutlined />}>Budget</Button>
            </Link>
            {canEdit ? (
              <Button danger onClick={confirmDelete} loading={remove.isPending}>
                Delete
              </Button>
            ) : null}
          </>
        }
      />
      {readOnly ? <ReadOnlyNote reason={readOnly} /> : null}
      <Flex vertical gap={16}>
        <section aria-label="Spend">
          <BudgetItemSpend item={data} />
        </section>
        <section aria-label="Budget item">
          <LiveBudgetItemForm
            item={data}
            plan={planData}
            categories={categories.data ?? []}
            glCodes={glCodesOf(lookups.data)}
            objectives={canUseObjectives ? (objectives.data ?? []) : null}
            campaigns={(campaigns.data?.Campaigns ?? []).map((campaign) => ({
              Id: campaign.Id,
              Name: `${'· '.repeat(campaign.Depth - 1)}${campaign.Name}`,
            }))}
            canEdit={canEdit}
          />
        </section>
        {/* Budget item embeds (its expenses, comments, activity feed) go here, each in its own section. */}
        <section aria-label="Expenses">
          <ItemExpensesPanel itemId={data.Id} planId={data.MarketingPlanId} canEdit={canEdit} />
        </section>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <section aria-label="Comments">
              <CommentsPanel target={{ EntityType: 'BudgetItem', EntityId: data.Id }} canWrite={planData.Permissions.CanEditBudget} />
            </section>
          </Col>
          <Col xs={24} xl={12}>
            <section aria-label="Activity">
              <ActivityFeed target={{ EntityType: 'BudgetItem', EntityId: data.Id }} canWrite={planData.Permissions.CanEditBudget} />
            </section>
          </Col>
        </Row>
      </Flex>
    </>
  );
};

/** /budget/items/{id}: after the plan's baseline lock its saves and deletion ask why, once (DESIGN.md §14). */
export const BudgetItemPage = () => (
  <BudgetReasonProvider>
    <BudgetItemPageBody />
  </BudgetReasonProvider>
);
