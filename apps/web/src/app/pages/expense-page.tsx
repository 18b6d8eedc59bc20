import { DeleteOutlined } from '@ant-design/icons';
import { type Expense, getHref, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { useState } from 'react';
import { App, Button, Card, Col, Popconfirm, Row } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { usePlan } from '../../features/plans/api/plan-queries.ts';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { useDeleteExpense } from '../../features/expenses/api/expense-mutations.ts';
import { useExpense } from '../../features/expenses/api/expense-queries.ts';
import { ExpenseStatusTag } from '../../features/expenses/components/expense-status-tag.tsx';
import { ApiError, errorMessage } from '../../shared/api/api-error.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { LiveRowNotice, useLiveRowChange } from '../../shared/ui/live-row.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

const ActivityFeed = lazyPart(async () => (await import('../../features/activities/components/activity-feed.tsx')).ActivityFeed);
const CommentsPanel = lazyPart(async () => (await import('../../features/comments/components/comments-panel.tsx')).CommentsPanel);
const ExpenseForm = lazyPart(async () => (await import('../../features/expenses/components/expense-form.tsx')).ExpenseForm);
const ItemBurnRateCard = lazyPart(
  async () => (await import('../../features/expenses/components/item-burn-rate-card.tsx')).ItemBurnRateCard,
);

/** /expenses/new (optionally ?item=<budget item id>) records an expense in the context plan. */
const NewExpense = ({ planId }: { planId: string }) => {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Record expense" />
      <Card style={{ maxWidth: 720 }}>
        <ExpenseForm
          planId={planId}
          defaultItemId={search.get('item')}
          onSaved={(expense) => void navigate(getHref('expense', { id: expense.Id }), { replace: true })}
          onCancel={() => void navigate(getHref('expenses'))}
        />
      </Card>
    </>
  );
};

/**
 * The form of an open expense (DESIGN.md §13). It shows the version the person started from: a
 * colleague's change (arriving live) does not redraw it under the cursor; a notice offers the new
 * values instead. Only this person's own save moves the form to the new version.
 */
const LiveExpenseForm = ({ expense, canEdit }: { expense: Expense; canEdit: boolean }) => {
  const [shown, setShown] = useState(expense);
  const change = useLiveRowChange('Expense', expense.Id);
  const newer = expense.Version > shown.Version;
  return (
    <>
      {newer ? <LiveRowNotice change={change} what="this expense" onReload={() => setShown(expense)} /> : null}
      <ExpenseForm
        key={`${shown.Id}-${shown.Version}-${canEdit}`}
        planId={shown.MarketingPlanId}
        expense={shown}
        readOnly={!canEdit}
        onSaved={(saved) => setShown(saved)}
      />
    </>
  );
};

const ExistingExpense = ({ id }: { id: string }) => {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const expense = useExpense(id);
  const plan = usePlan(expense.data?.MarketingPlanId);
  const remove = useDeleteExpense();
  if (expense.isLoading) return <LoadingState label="Loading the expense…" />;
  if (expense.error instanceof ApiError && expense.error.status === 404) {
    return <EmptyState description="This expense does not exist, or you cannot see its plan." />;
  }
  if (expense.isError) return <ErrorState error={expense.error} onRetry={() => void expense.refetch()} />;
  const data = expense.data;
  if (!data) return null;
  // Until the plan's permissions arrive the form stays read-only; the server checks again on save.
  const canEdit = Boolean(plan.data?.Permissions.CanEditBudget) && plan.data?.State !== PLAN_STATE_ARCHIVED;
  const canComment = Boolean(plan.data?.Permissions.CanEditBudget);
  const deleteExpense = async () => {
    try {
      await remove.mutateAsync(data);
      message.success('Expense deleted.');
      void navigate(getHref('expenses'));
    } catch (error) {
      message.error(errorMessage(error));
    }
  };
  return (
    <>
      <PageHeader
        title={data.Name}
        subtitle={<ExpenseStatusTag status={data.Status} />}
        actions={
          canEdit ? (
            <Popconfirm
              title="Delete this expense?"
              description="It leaves the budget’s figures; the activity trail keeps a record."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={deleteExpense}
            >
              <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                Delete
              </Button>
            </Popconfirm>
          ) : null
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card>
            <LiveExpenseForm expense={data} canEdit={canEdit} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Row gutter={[16, 16]}>
            {data.BudgetItemId ? (
              <Col span={24}>
                <ItemBurnRateCard itemId={data.BudgetItemId} />
              </Col>
            ) : null}
            <Col span={24}>
              <CommentsPanel target={{ EntityType: 'Expense', EntityId: data.Id }} canWrite={canComment} />
            </Col>
            <Col span={24}>
              <ActivityFeed target={{ EntityType: 'Expense', EntityId: data.Id }} canWrite={canComment} />
            </Col>
          </Row>
        </Col>
      </Row>
    </>
  );
};

const NewExpenseInContextPlan = () => {
  const { plan, plans } = useContextPlan();
  return (
    <ContextPlanGate
      title="Record expense"
      what="expenses"
      pending={plans.isPending}
      error={plans.error}
      onRetry={() => void plans.refetch()}
      planId={plan?.Id ?? null}
      hasPlans={(plans.data?.length ?? 0) > 0}
    >
      {(planId) => <NewExpense planId={planId} />}
    </ContextPlanGate>
  );
};

export const ExpensePage = () => {
  const { id = '' } = useParams();
  return id === 'new' ? <NewExpenseInContextPlan /> : <ExistingExpense id={id} />;
};
