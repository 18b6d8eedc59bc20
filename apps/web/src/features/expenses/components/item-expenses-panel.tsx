import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { formatUsd } from '../../../shared/format/money.ts';
import { useExpensePage } from '../api/expense-queries.ts';
import { BurnRateBar } from './burn-rate-bar.tsx';
import { ExpenseFormModal } from './expense-form-modal.tsx';
import { ExpenseList } from './expense-list.tsx';

/** A budget item's expenses and burn rate (actual ÷ amount), with "Record expense" against it. */
export const ItemExpensesPanel = ({ itemId, planId, canEdit = true }: { itemId: string; planId: string; canEdit?: boolean }) => {
  const [recording, setRecording] = useState(false);
  const summary = useExpensePage({ BudgetItemId: itemId, PageSize: 1 }).data?.BudgetItem;
  const record = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setRecording(true)}>
      Record expense
    </Button>
  ) : null;
  return (
    <Card title="Expenses" extra={record}>
      {summary ? (
        <Flex vertical gap={4} style={{ marginBottom: 16, maxWidth: 480 }}>
          <Typography.Text>
            Burn rate: {formatUsd(summary.Actual)} actual of {formatUsd(summary.Amount)}
            {summary.Committed > 0 ? `, ${formatUsd(summary.Committed)} committed` : ''}
          </Typography.Text>
          <BurnRateBar rate={summary.BurnRate} actual={summary.Actual} budget={summary.Amount} />
        </Flex>
      ) : null}
      <ExpenseList scope={{ BudgetItemId: itemId }} withFilters={false} emptyAction={record} />
      <ExpenseFormModal open={recording} planId={planId} defaultItemId={itemId} onClose={() => setRecording(false)} />
    </Card>
  );
};
