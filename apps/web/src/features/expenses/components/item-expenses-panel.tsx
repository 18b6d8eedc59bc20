import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { ExpenseFormModal } from './expense-form-modal.tsx';
import { ExpenseList } from './expense-list.tsx';

/** A budget item's expenses with their totals, and "Record expense" against it (the item page shows its burn rate above). */
export const ItemExpensesPanel = ({ itemId, planId, canEdit = true }: { itemId: string; planId: string; canEdit?: boolean }) => {
  const [recording, setRecording] = useState(false);
  const record = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setRecording(true)}>
      Record expense
    </Button>
  ) : null;
  return (
    <Card title="Expenses" extra={record}>
      <ExpenseList scope={{ BudgetItemId: itemId }} withFilters={false} emptyAction={record} />
      <ExpenseFormModal open={recording} planId={planId} defaultItemId={itemId} onClose={() => setRecording(false)} />
    </Card>
  );
};
