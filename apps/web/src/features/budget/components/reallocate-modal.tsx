import { type BudgetItem, monthsBetween } from '@plansmith/contract';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatBase, formatBothAmounts } from '../../../shared/format/money.ts';
import { formatMonthLabel } from '../../../shared/format/objective-values.ts';
import { MoneyInput, moneyRules } from '../../../shared/ui/money-input.tsx';
import { usePlanMonths } from '../api/budget-months.ts';
import { useMonthLeft, useReallocate } from '../api/budget-reallocate.ts';

/** An item in the pickers: its own amount, and the base one after it when in another currency (DESIGN.md §17). */
const bothText = (item: BudgetItem): string => {
  const both = formatBothAmounts(item.Amount, item.Currency, item.BaseAmount);
  return both.base === null ? both.own : `${both.own} = ${both.base}`;
};

type FormValues = { From?: string; To?: string; Month?: string; Amount?: number; Reason?: string };

/** The month a dialog opens on: this month when the plan runs through it, else the plan's first. */
const defaultMonth = (months: readonly string[]) => {
  const now = new Date().toISOString().slice(0, 7);
  return months.includes(now) ? now : months[0];
};

/**
 * Reallocate (DESIGN.md §14): moves a month's budget from one item to another of the plan, with a
 * reason; shows what the source month has left (Budget − Actual − Committed), which is the most it
 * may move. Sends the Month cell versions read (the grid's months, or the item's Version for an
 * unphased item), so a colleague's change meanwhile answers 409 instead of being overwritten.
 */
export const ReallocateModal = ({
  open,
  plan,
  items,
  onClose,
}: {
  open: boolean;
  plan: { Id: string; StartDate: string; EndDate: string };
  items: readonly BudgetItem[];
  onClose: () => void;
}) => {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const months = monthsBetween(plan.StartDate, plan.EndDate);
  const cells = usePlanMonths(plan.Id);
  const reallocate = useReallocate(plan.Id);
  const from = Form.useWatch('From', form);
  const month = Form.useWatch('Month', form);
  const left = useMonthLeft(from, month);

  useEffect(() => {
    if (open) form.setFieldsValue({ Month: form.getFieldValue('Month') ?? defaultMonth(months) });
  }, [open, form, months]);

  /** The Month cell of an item as read: its month's Version, its own for an unphased item, null for no cell. */
  const cellOf = (itemId: string, key: string) => {
    const item = items.find((entry) => entry.Id === itemId);
    const phasing = cells.data?.find((entry) => entry.BudgetItemId === itemId)?.Months ?? [];
    return {
      BudgetItemId: itemId,
      Version: phasing.length === 0 ? (item?.Version ?? 1) : (phasing.find((cell) => cell.Month === key)?.Version ?? null),
    };
  };

  const submit = async (values: FormValues) => {
    if (!values.From || !values.To || !values.Month || values.Amount === undefined || !values.Reason) return;
    try {
      const result = await reallocate.mutateAsync({
        FromBudgetItemId: values.From,
        ToBudgetItemId: values.To,
        Month: values.Month,
        Amount: values.Amount,
        Reason: values.Reason.trim(),
        Cells: [cellOf(values.From, values.Month), cellOf(values.To, values.Month)],
      });
      message.success(result.Description);
      form.resetFields(['Amount', 'Reason']);
      onClose();
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const options = items.map((item) => ({ value: item.Id, label: `${item.Name} (${bothText(item)})` }));
  return (
    <Modal
      open={open}
      title="Reallocate budget"
      okText="Move budget"
      okButtonProps={{ loading: reallocate.isPending, disabled: cells.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Typography.Paragraph type="secondary">
        Moves one month’s budget from one item to another. The plan total stays the same; both items keep the change in their activity.
      </Typography.Paragraph>
      <Form<FormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item name="From" label="From item" rules={[{ required: true, message: 'Choose the item the money leaves.' }]}>
          <Select showSearch optionFilterProp="label" options={options} placeholder="Choose an item" />
        </Form.Item>
        <Form.Item
          name="To"
          label="To item"
          dependencies={['From']}
          rules={[
            { required: true, message: 'Choose the item the money goes to.' },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                value && value === getFieldValue('From')
                  ? Promise.reject(new Error('Choose another item than the source.'))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            options={options.filter((option) => option.value !== from)}
            placeholder="Choose an item"
          />
        </Form.Item>
        <Form.Item name="Month" label="Month" rules={[{ required: true, message: 'Choose the month.' }]}>
          <Select options={months.map((key) => ({ value: key, label: formatMonthLabel(key) }))} />
        </Form.Item>
        {from && month ? (
          <Alert
            style={{ marginBottom: 16 }}
            type={left.data && left.data.Left <= 0 ? 'warning' : 'info'}
            showIcon
            title={
              left.isPending
                ? 'Adding up what the month has left…'
                : left.isError
                  ? errorMessage(left.error)
                  : `${formatBase(left.data.Left)} left to move in ${formatMonthLabel(month)}`
            }
            description={
              left.data
                ? `Budget ${formatBase(left.data.Budget)} − actual ${formatBase(left.data.Actual)} − committed ${formatBase(left.data.Committed)}`
                : undefined
            }
          />
        ) : null}
        <Form.Item
          name="Amount"
          label="Amount"
          rules={[
            ...moneyRules({ required: 'Enter the amount to move.' }),
            {
              validator: (_rule, value: number | undefined) =>
                value !== undefined && value !== null && value <= 0
                  ? Promise.reject(new Error('Move more than $0.00.'))
                  : Promise.resolve(),
            },
          ]}
        >
          <MoneyInput aria-label="Amount to move" />
        </Form.Item>
        <Form.Item name="Reason" label="Reason" rules={[{ required: true, whitespace: true, message: 'Say why the money moves.' }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} placeholder="e.g. Events outperform search in Q2" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
