import type { Expense } from '@plansmith/contract';
import { Modal } from 'antd';
import { ExpenseForm } from './expense-form.tsx';

/** "Record expense" in a dialog, for the expenses list and the budget item page. */
export const ExpenseFormModal = ({
  open,
  planId,
  defaultItemId,
  onClose,
  onSaved,
}: {
  open: boolean;
  planId: string;
  defaultItemId?: string | null;
  onClose: () => void;
  onSaved?: (expense: Expense) => void;
}) => (
  <Modal open={open} title="Record expense" onCancel={onClose} footer={null} destroyOnHidden width={640}>
    <ExpenseForm
      planId={planId}
      defaultItemId={defaultItemId}
      onCancel={onClose}
      onSaved={(expense) => {
        onSaved?.(expense);
        onClose();
      }}
    />
  </Modal>
);
