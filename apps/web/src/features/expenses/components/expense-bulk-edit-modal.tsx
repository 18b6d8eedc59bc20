import { EXPENSE_STATUS_LABELS, type Expense, type ExpenseBulkEditRequest, type ExpenseStatus } from '@plansmith/contract';
import { Alert, App, Button, Flex, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { CustomFieldInputs, customFieldRequest } from '../../../shared/custom-fields/custom-field-inputs.tsx';
import { useCustomFields } from '../../../shared/custom-fields/custom-field-queries.ts';
import { formatCount } from '../../../shared/format/money.ts';
import { useBulkEditExpenses } from '../api/expense-mutations.ts';
import { useBudgetItemOptions } from '../api/expense-queries.ts';

type Rows = ExpenseBulkEditRequest['Rows'];
type SetValues = { Status?: ExpenseStatus; BudgetItemId?: string };

/** The rows a stale-row 409 answered as they are now (its Result), or null for any other failure. */
const staleRowsOf = (error: unknown): Expense[] | null =>
  error instanceof ApiError && error.status === 409 && Array.isArray(error.current) ? (error.current as Expense[]) : null;

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * The bulk edit of the selected expenses (DESIGN.md §16): a new Status and/or budget item for all
 * of them, saved in one transaction. A row someone changed since the list was read refuses the
 * whole edit; the dialog then says who and offers to apply the change to the rows as they are now
 * (never retried by itself). A closed month or a rule of Save refuses it with the server's words.
 */
export const ExpenseBulkEditModal = ({
  open,
  planId,
  selected,
  onClose,
  onDone,
}: {
  open: boolean;
  planId: string;
  selected: readonly Expense[];
  onClose: () => void;
  onDone: () => void;
}) => {
  const { message } = App.useApp();
  const items = useBudgetItemOptions(planId, open);
  const bulkEdit = useBulkEditExpenses();
  const [form] = Form.useForm();
  const expenseFields = useCustomFields('Expense');
  // The custom fields to set: only those chosen are sent (an empty one clears it on every row).
  const [fieldIds, setFieldIds] = useState<string[]>([]);
  const chosenFields = expenseFields.fields.filter((field) => fieldIds.includes(field.Id));
  const [values, setValues] = useState<SetValues>({});
  const [problem, setProblem] = useState<{ text: string; stale: Expense[] | null } | null>(null);
  const [rows, setRows] = useState<Rows | null>(null);
  const currentRows: Rows = rows ?? selected.map((expense) => ({ Id: expense.Id, Version: expense.Version }));
  const nothingChosen = values.Status === undefined && values.BudgetItemId === undefined && chosenFields.length === 0;

  const close = () => {
    setValues({});
    setFieldIds([]);
    form.resetFields();
    setProblem(null);
    setRows(null);
    bulkEdit.reset();
    onClose();
  };

  const apply = async (send: Rows) => {
    setProblem(null);
    try {
      await form.validateFields();
    } catch {
      return; // The fields say what is wrong.
    }
    const customFields = chosenFields.length > 0 ? customFieldRequest(chosenFields, form.getFieldValue('CustomFields')) : undefined;
    try {
      const result = await bulkEdit.mutateAsync({
        request: { Rows: send, Set: { ...values, ...(customFields ? { CustomFields: customFields } : {}) } },
        before: selected,
      });
      const waiting = result.Items.filter((expense) => expense.Approval === 'Pending').length;
      message.success(
        `${plural(result.Items.length, 'expense', 'expenses')} updated.${
          waiting > 0
            ? ` ${plural(waiting, 'waits', 'wait')} for approval: ${waiting === 1 ? 'it counts' : 'they count'} as Requested until approved.`
            : ''
        }`,
      );
      setValues({});
      setFieldIds([]);
      form.resetFields();
      setRows(null);
      onDone();
    } catch (error) {
      setProblem({ text: errorMessage(error), stale: staleRowsOf(error) });
    }
  };

  // "Apply to their version": the same change, sent with the versions the 409 answered.
  const applyOverTheirs = (stale: Expense[]) => {
    const versions = new Map(stale.map((expense) => [expense.Id, expense.Version]));
    const next = currentRows.map((row) => ({ Id: row.Id, Version: versions.get(row.Id) ?? row.Version }));
    setRows(next);
    void apply(next);
  };

  const count = selected.length;
  return (
    <Modal
      open={open}
      title={`Edit ${plural(count, 'expense', 'expenses')}`}
      onCancel={close}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={close}>Cancel</Button>
          {problem?.stale ? (
            <Button type="primary" loading={bulkEdit.isPending} onClick={() => applyOverTheirs(problem.stale ?? [])}>
              Apply to the rows as they are now
            </Button>
          ) : (
            <Button type="primary" disabled={nothingChosen} loading={bulkEdit.isPending} onClick={() => void apply(currentRows)}>
              Apply to {plural(count, 'expense', 'expenses')}
            </Button>
          )}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        Fields left on “Keep as is” stay as they are on each expense. All are saved together, or none is.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item label="Status" htmlFor="bulk-status">
          <Select<ExpenseStatus | 'keep'>
            id="bulk-status"
            value={values.Status ?? 'keep'}
            options={[
              { value: 'keep', label: 'Keep as is' },
              ...([1, 2, 3] as const).map((status) => ({ value: status, label: EXPENSE_STATUS_LABELS[status] })),
            ]}
            onChange={(status) => setValues((current) => ({ ...current, Status: status === 'keep' ? undefined : status }))}
          />
        </Form.Item>
        <Form.Item label="Budget item" htmlFor="bulk-item" extra="The expenses’ category type follows the item’s.">
          <Select<string>
            id="bulk-item"
            showSearch={{ optionFilterProp: 'label' }}
            loading={items.isPending}
            value={values.BudgetItemId ?? 'keep'}
            options={[{ value: 'keep', label: 'Keep as is' }, ...(items.data ?? []).map((item) => ({ value: item.Id, label: item.Name }))]}
            onChange={(itemId) => setValues((current) => ({ ...current, BudgetItemId: itemId === 'keep' ? undefined : itemId }))}
          />
        </Form.Item>
        {expenseFields.fields.length > 0 ? (
          <Form.Item label="Custom fields to set" htmlFor="bulk-fields" extra="A chosen field left empty is cleared on every expense.">
            <Select<string[]>
              id="bulk-fields"
              mode="multiple"
              // Typing finds a field by its name (antd would search the ids).
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Keep all as they are"
              value={fieldIds}
              options={expenseFields.fields.map((field) => ({ value: field.Id, label: field.Name }))}
              onChange={setFieldIds}
            />
          </Form.Item>
        ) : null}
        <CustomFieldInputs fields={chosenFields} />
      </Form>
      {problem ? (
        <Alert
          type={problem.stale ? 'warning' : 'error'}
          showIcon
          role="alert"
          message={problem.text}
          description={
            problem.stale
              ? `Nothing was changed. The list now shows ${problem.stale.length === 1 ? 'their version' : 'their versions'}: apply your change to the rows as they are now, or cancel to keep theirs.`
              : 'Nothing was changed.'
          }
        />
      ) : null}
    </Modal>
  );
};
