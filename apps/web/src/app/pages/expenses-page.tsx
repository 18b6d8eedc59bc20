import { PlusOutlined } from '@ant-design/icons';
import { getHref, PLAN_STATE_ARCHIVED } from '@plansmith/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContextPlanGate } from '../../features/dashboard/components/no-context-plan.tsx';
import { useContextPlan } from '../../features/plans/hooks/use-context-plan.ts';
import { ImportExportButtons } from '../../shared/ui/import-export-buttons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { lazyModal } from '../../shared/ui/lazy-modal.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

const ExpenseList = lazyPart(async () => (await import('../../features/expenses/components/expense-list.tsx')).ExpenseList);

const ExpenseFormModal = lazyModal(
  async () => (await import('../../features/expenses/components/expense-form-modal.tsx')).ExpenseFormModal,
  (props) => props.open,
);

const exportExpenses = (plan: { Id: string; Name: string }) => async (format: 'csv' | 'xlsx') =>
  (await import('../../features/expenses/lib/expense-export.ts')).downloadExpenses(plan, format);

const ExpensesForPlan = ({ planId, planName, canEdit }: { planId: string; planName: string; canEdit: boolean }) => {
  const navigate = useNavigate();
  const [recording, setRecording] = useState(false);
  const record = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setRecording(true)}>
      Record expense
    </Button>
  ) : undefined;
  return (
    <>
      <PageHeader
        title="Expenses"
        subtitle="Money going out against the context plan’s budget"
        actions={
          <>
            <ImportExportButtons
              importHref={getHref('import', {}, { kind: 'expenses' })}
              canImport={canEdit}
              what="expenses"
              onExport={exportExpenses({ Id: planId, Name: planName })}
            />
            {record}
          </>
        }
      />
      <Card>
        <ExpenseList key={planId} scope={{ MarketingPlanId: planId }} emptyAction={record} canEdit={canEdit} />
      </Card>
      <ExpenseFormModal
        open={recording}
        planId={planId}
        onClose={() => setRecording(false)}
        onSaved={(expense) => void navigate(getHref('expense', { id: expense.Id }))}
      />
    </>
  );
};

export const ExpensesPage = () => {
  const { plan, plans } = useContextPlan();
  return (
    <ContextPlanGate
      title="Expenses"
      what="expenses"
      pending={plans.isPending}
      error={plans.error}
      onRetry={() => void plans.refetch()}
      planId={plan?.Id ?? null}
      hasPlans={(plans.data?.length ?? 0) > 0}
    >
      {(planId) => (
        <ExpensesForPlan
          planId={planId}
          planName={plan?.Name ?? 'plan'}
          canEdit={Boolean(plan?.Permissions.CanEditBudget) && plan?.State !== PLAN_STATE_ARCHIVED}
        />
      )}
    </ContextPlanGate>
  );
};
