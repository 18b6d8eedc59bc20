import { type BudgetCategory, EMPTY_ID, type ItemType, type Lookup } from '@plansmith/contract';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { MoneyInput, moneyRules } from '../../../shared/ui/money-input.tsx';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { hasPolicy, usePermissions } from '../../../shared/api/identity.ts';
import { useSaveBudgetItem } from '../api/budget-mutations.ts';

type FormValues = {
  Name: string;
  BudgetCategoryId: string;
  ItemType: ItemType;
  Amount: number;
  GeneralLedgerCodeId?: string;
  Description?: string;
};

/** Adds a budget item to the plan; the item type follows the category's type unless changed. */
export const AddItemModal = ({
  open,
  planId,
  categories,
  categoriesLoading = false,
  glCodes,
  currency = 'USD',
  onClose,
}: {
  open: boolean;
  planId: string;
  /** The plan's Currency (DESIGN.md §17): a new item is in it (the server's default when the body names none). */
  currency?: string;
  categories: BudgetCategory[];
  /** The categories are still being asked for: the list says so instead of "no categories". */
  categoriesLoading?: boolean;
  glCodes: Lookup[];
  onClose: () => void;
}) => {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveBudgetItem();
  const { message } = App.useApp();
  const permissions = usePermissions();
  // Only when there are no categories at all is Lookups mentioned, and only as what the caller can do.
  const noCategoryText = categoriesLoading
    ? 'Loading categories…'
    : categories.length > 0
      ? 'No category matches what you typed.'
      : hasPolicy(permissions.data, 'Account.Lookups')
        ? 'No budget categories yet: add them under Account → Lookups.'
        : 'No budget categories yet: an Owner or Admin adds them under Lookups.';

  const submit = async (values: FormValues) => {
    try {
      const item = await save.mutateAsync({
        Id: EMPTY_ID,
        Name: values.Name,
        Description: values.Description?.trim() ? values.Description : null,
        Amount: values.Amount,
        ItemType: values.ItemType,
        BudgetCategoryId: values.BudgetCategoryId,
        MarketingPlanId: planId,
        GeneralLedgerCodeId: values.GeneralLedgerCodeId ?? null,
      });
      message.success(`“${item.Name}” added.`);
      form.resetFields();
      onClose();
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <Modal
      open={open}
      title="Add budget item"
      okText="Add item"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{ ItemType: 1, Amount: 0 }}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed: Partial<FormValues>) => {
          if (changed.BudgetCategoryId) {
            const category = categories.find((entry) => entry.Id === changed.BudgetCategoryId);
            if (category) form.setFieldValue('ItemType', category.CategoryType === 1 ? 1 : 2);
          }
        }}
      >
        <Form.Item name="Name" label="Name" rules={[{ required: true, whitespace: true, message: 'Please enter a name.' }, { max: 200 }]}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="BudgetCategoryId" label="Category" rules={[{ required: true, message: 'Please choose a category.' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={categories.filter((category) => category.Active).map((category) => ({ value: category.Id, label: category.Name }))}
            notFoundContent={noCategoryText}
            loading={categoriesLoading}
          />
        </Form.Item>
        <Form.Item name="ItemType" label="Item type" extra="Productive or operational spend; it can differ from the category’s type.">
          <Radio.Group
            options={[
              { value: 1, label: 'Productive' },
              { value: 2, label: 'Operational' },
            ]}
          />
        </Form.Item>
        <Form.Item name="Amount" label={`Amount (${currency})`} rules={moneyRules({ required: 'Please enter an amount.' })}>
          <MoneyInput {...(currency === 'USD' ? {} : { prefix: currency })} />
        </Form.Item>
        <Form.Item name="GeneralLedgerCodeId" label="GL code">
          <Select allowClear options={glCodes.filter((code) => code.Active).map((code) => ({ value: code.Id, label: code.Name }))} />
        </Form.Item>
        <Form.Item name="Description" label="Description" rules={[{ max: 4000 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
