import { PlusOutlined } from '@ant-design/icons';
import { getHref } from '@plansmith/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NoContextPlan } from '../../features/dashboard/components/no-context-plan.tsx';
import { ExpenseFormModal } from '../../features/expenses/components/expense-form-modal.tsx';
import { ExpenseList } from '../../features/expenses/components/expense-list.tsx';
import { useContextSelection } from '../../shared/context/context-selection.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

export const ExpensesPage = () => {
  const { planId } = useContextSelection();
  const navigate = useNavigate();
  const [recording, setRecording] = useState(false);
  if (!planId) {
    return (
      <>
        <PageHeader title="Expenses" />
        <NoContextPlan what="expenses" />
      </>
    );
  }
  const record = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setRecording(true)}>
      Record expense
    </Button>
  );
  return (
    <>
      <PageHeader title="Expenses" subtitle="Money going out against the context plan’s budget" actions={record} />
      <Card>
        <ExpenseList key={planId} scope={{ MarketingPlanId: planId }} emptyAction={record} />
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
