import {
  type CurrencyCode,
  EMPTY_ID,
  EXPENSE_CATEGORY_TYPE_LABELS,
  EXPENSE_STATUS_LABELS,
  type Expense,
  type ExpenseCategoryType,
  type ExpenseStatus,
  futureActualMessage,
} from '@plansmith/contract';
import { App, AutoComplete, Button, Flex, Form, Input, Segmented, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useToday } from '../../../shared/api/today.ts';
import { DATE_FORMAT } from '../../../shared/format/dates.ts';
import { DateInput, validDateRule } from '../../../shared/ui/date-input.tsx';
import { CurrencySelect, currencyAmountRules } from '../../../shared/ui/currency-select.tsx';
import { MoneyInput, moneyRules } from '../../../shared/ui/money-input.tsx';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { editsSince, mineOverTheirs } from '../../../shared/ui/mine-over-theirs.ts';
import { baseCurrency, formatBase, formatMoney } from '../../../shared/format/money.ts';
import {
  CustomFieldInputs,
  type CustomFieldFormValues,
  customFieldErrorName,
  touchedCustomFieldRequest,
  useCustomFieldValuesInForm,
} from '../../../shared/custom-fields/custom-field-inputs.tsx';
import { useCustomFields } from '../../../shared/custom-fields/custom-field-queries.ts';
import { useKeepTheirExpense, useSaveExpense } from '../api/expense-mutations.ts';
import { useBudgetItemOptions, useGlCodes, usePayees } from '../api/expense-queries.ts';

type FormValues = {
  BudgetItemId: string;
  Name: string;
  /** The expense's own currency (DESIGN.md §17): the chosen item's by default. */
  Currency: CurrencyCode;
  Amount: number;
  Status: ExpenseStatus;
  PurchaseDate: Dayjs;
  Payee?: string;
  PurchaseOrder?: string;
  GeneralLedgerCodeId?: string | null;
  Description?: string;
  CustomFields?: CustomFieldFormValues;
};

const FORM_FIELDS = [
  'BudgetItemId',
  'Name',
  'Currency',
  'Amount',
  'Status',
  'PurchaseDate',
  'Payee',
  'PurchaseOrder',
  'GeneralLedgerCodeId',
  'Description',
] as const satisfies readonly (keyof FormValues)[];
const isFormField = (name: string): name is (typeof FORM_FIELDS)[number] => (FORM_FIELDS as readonly string[]).includes(name);

const ITEMS_LOADING = 'The budget items are still loading. Try again in a moment.';

const STATUS_OPTIONS = ([3, 2, 1] as const).map((value) => ({ value, label: EXPENSE_STATUS_LABELS[value] }));

/** The expense's fields a merge dialog compares, as the form names them. */
type Named = ReadonlyArray<{ Id: string; Name: string }>;
const nameOf = (rows: Named, id: unknown) => rows.find((row) => row.Id === id)?.Name ?? '—';
const EXPENSE_MERGE_FIELDS = (items: Named, glCodes: Named) =>
  [
    { key: 'BudgetItemId', label: 'Budget item', format: (id: unknown) => nameOf(items, id) },
    { key: 'Name', label: 'Name' },
    { key: 'Currency', label: 'Currency' },
    // The expense's own amount, in its own currency (the row's: theirs and mine may differ).
    { key: 'Amount', label: 'Amount', format: (amount: unknown, row: Expense) => formatMoney(Number(amount), row.Currency) },
    { key: 'Status', label: 'Status', format: (status: unknown) => EXPENSE_STATUS_LABELS[status as ExpenseStatus] },
    { key: 'PurchaseDate', label: 'Purchase date' },
    { key: 'Payee', label: 'Payee' },
    { key: 'PurchaseOrder', label: 'Purchase order' },
    { key: 'GeneralLedgerCodeId', label: 'GL code', format: (id: unknown) => nameOf(glCodes, id) },
    { key: 'Description', label: 'Description' },
  ] as const satisfies ReadonlyArray<{ key: keyof Expense; label: string; format?: (value: never, row: Expense) => string }>;

/**
 * The expense's fields a save sends from the form: a merge keeps of this person's only those they
 * changed (the category type goes with the budget item: changed when the person chose an item of another type).
 */
const EDITABLE = [...FORM_FIELDS, 'CategoryType'] as const;

/** Under an amount in another currency: what it is in the base currency, or how it will be converted. */
const baseAmountHint = (expense: Expense | null | undefined, currency: CurrencyCode, base: CurrencyCode): string =>
  expense && expense.Currency === currency
    ? `${formatBase(expense.BaseAmount)} at the rate of ${dayjs(expense.PurchaseDate).format('MMMM YYYY')}; recomputed when saved.`
    : `Converted to ${base} at the rate of the purchase month when saved.`;

/**
 * Records or edits an expense. The category type follows the chosen budget item (the server
 * checks they agree); payees are suggested from the plan's earlier expenses.
 */
export const ExpenseForm = ({
  planId,
  expense,
  defaultItemId,
  onSaved,
  onCancel,
  readOnly = false,
}: {
  planId: string;
  expense?: Expense | null;
  defaultItemId?: string | null;
  onSaved: (expense: Expense) => void;
  onCancel?: () => void;
  readOnly?: boolean;
}) => {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const items = useBudgetItemOptions(planId);
  const glCodes = useGlCodes();
  const payees = usePayees(planId);
  const save = useSaveExpense();
  const keepTheirs = useKeepTheirExpense();
  const merge = useMergeDialog();
  const today = useToday();
  const itemId = Form.useWatch('BudgetItemId', form);
  const base = baseCurrency() as CurrencyCode;
  const currency: CurrencyCode = Form.useWatch('Currency', form) ?? expense?.Currency ?? base;
  const payeeText = Form.useWatch('Payee', form) ?? '';
  const { fields: customFields } = useCustomFields('Expense');
  useCustomFieldValuesInForm(form, customFields, expense?.CustomFields);

  // A new expense starts on the tenant's today; the tenant may arrive after the form was drawn, and
  // then the suggested day follows unless the person has picked another.
  const suggestedDay = useRef(today);
  useEffect(() => {
    const shown: Dayjs | undefined = form.getFieldValue('PurchaseDate');
    if (!expense && shown?.isValid() && shown.format(DATE_FORMAT) === suggestedDay.current)
      form.setFieldValue('PurchaseDate', dayjs(today));
    suggestedDay.current = today;
  }, [expense, today, form]);

  const chosenItem = items.data?.find((item) => item.Id === itemId);
  // A new expense is in its item's currency unless the person chose another (DESIGN.md §17).
  const itemCurrency = chosenItem?.Currency;
  useEffect(() => {
    if (!expense && itemCurrency && !form.isFieldTouched('Currency')) form.setFieldValue('Currency', itemCurrency);
  }, [expense, itemCurrency, form]);
  // A "still loading" error from a press of Record before the items came is over once they have.
  useEffect(() => {
    if (items.data && form.getFieldError('BudgetItemId').includes(ITEMS_LOADING))
      void form.validateFields(['BudgetItemId']).catch(() => undefined);
  }, [items.data, form]);
  const itemOptions = useMemo(
    () =>
      (items.data ?? [])
        .filter((item) => item.Active || item.Id === expense?.BudgetItemId)
        .map((item) => ({ value: item.Id, label: `${item.Name} · ${item.BudgetCategoryName}` })),
    [items.data, expense?.BudgetItemId],
  );
  const payeeOptions = (payees.data ?? [])
    .filter((payee) => payee.toLowerCase().includes(payeeText.toLowerCase()))
    .slice(0, 12)
    .map((payee) => ({ value: payee }));

  const initialValues: Partial<FormValues> = expense
    ? {
        BudgetItemId: expense.BudgetItemId ?? undefined,
        Name: expense.Name,
        Currency: expense.Currency,
        Amount: expense.Amount,
        Status: expense.Status,
        PurchaseDate: dayjs(expense.PurchaseDate),
        Payee: expense.Payee ?? undefined,
        PurchaseOrder: expense.PurchaseOrder ?? undefined,
        GeneralLedgerCodeId: expense.GeneralLedgerCodeId,
        Description: expense.Description ?? undefined,
      }
    : {
        BudgetItemId: defaultItemId ?? undefined,
        Currency: base,
        Status: 3,
        PurchaseDate: dayjs(today),
      };

  const submit = async (values: FormValues) => {
    const item = items.data?.find((candidate) => candidate.Id === values.BudgetItemId);
    if (!item) {
      // The item's category type goes with the expense, so it must be one of the plan's items as
      // loaded: say why nothing was saved instead of doing nothing.
      form.setFields([
        {
          name: 'BudgetItemId',
          errors: [items.isPending ? ITEMS_LOADING : 'This budget item is not in the plan. Please choose another.'],
        },
      ]);
      return;
    }
    const request = {
      Id: expense?.Id ?? EMPTY_ID,
      MarketingPlanId: planId,
      BudgetItemId: values.BudgetItemId,
      Name: values.Name,
      Currency: values.Currency,
      Amount: values.Amount,
      Status: values.Status,
      PurchaseDate: values.PurchaseDate.format(DATE_FORMAT),
      Payee: values.Payee ?? null,
      PurchaseOrder: values.PurchaseOrder ?? null,
      GeneralLedgerCodeId: values.GeneralLedgerCodeId ?? null,
      Description: values.Description ?? null,
      CategoryType: item.CategoryType as ExpenseCategoryType,
      // Only the custom fields the person changed: the server keeps the others as they are.
      CustomFields: touchedCustomFieldRequest(form, customFields, values.CustomFields),
    };
    const saveFrom = async (version: number | undefined, body: typeof request = request): Promise<void> => {
      try {
        const saved = await save.mutateAsync(version === undefined ? body : { ...body, Version: version });
        message.success(expense ? 'Expense saved.' : 'Expense recorded.');
        onSaved(saved);
      } catch (error) {
        const stale = staleWriteOf<Expense>(error);
        if (stale) {
          // Someone changed it since it was read. Only the fields this person edited are theirs to
          // insist on: the rest take the colleague's values, so both people's work is kept.
          const edits = editsSince(EDITABLE, expense, request);
          const mine: Expense = { ...stale.current, ...edits };
          const choice = await merge.ask(
            stale.message,
            changedFields(EXPENSE_MERGE_FIELDS(items.data ?? [], glCodes.data ?? []), stale.current, mine),
          );
          const theirs = { ...stale.current, BudgetItemId: stale.current.BudgetItemId ?? request.BudgetItemId };
          if (choice === 'mine') return saveFrom(stale.version, mineOverTheirs(EDITABLE, expense, request, theirs));
          keepTheirs(stale.current);
          message.info('Kept their version of the expense.');
          return;
        }
        if (error instanceof ApiError && error.fieldErrors.length > 0) {
          form.setFields(
            error.fieldErrors.flatMap((field) => (isFormField(field.Field) ? [{ name: field.Field, errors: [field.Message] }] : [])),
          );
        }
        if (error instanceof ApiError) {
          // A custom field the server refused (CustomFields.<FieldId>) shows its message under that field.
          const customErrors = error.fieldErrors.flatMap((field) => {
            const name = customFieldErrorName(field.Field);
            return name ? [{ name, errors: [field.Message] }] : [];
          });
          if (customErrors.length > 0) form.setFields(customErrors as Parameters<typeof form.setFields>[0]);
        }
        message.error(errorMessage(error));
      }
    };
    await saveFrom(expense?.Version);
  };

  return (
    <Form
      form={form}
      name={`expense-${expense?.Id ?? 'new'}`}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      disabled={readOnly}
      requiredMark="optional"
    >
      {merge.dialog}
      <Form.Item
        label="Budget item"
        name="BudgetItemId"
        rules={[{ required: true, message: 'Please choose the budget item this money is spent against.' }]}
        extra={chosenItem ? `Category type: ${EXPENSE_CATEGORY_TYPE_LABELS[chosenItem.CategoryType as ExpenseCategoryType]}` : undefined}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={itemOptions}
          loading={items.isLoading}
          // A chosen item that is not (yet) among the options would show as its bare id.
          labelRender={({ label, value }) =>
            itemOptions.some((option) => option.value === value)
              ? label
              : items.isPending
                ? 'Loading budget items…'
                : 'Not an item of this plan'
          }
          placeholder="Choose a budget item"
          notFoundContent={items.isError ? 'The budget items could not be loaded.' : 'No budget items in this plan yet.'}
        />
      </Form.Item>
      <Form.Item label="Name" name="Name" rules={[{ required: true, whitespace: true, message: 'Please name the expense.' }]}>
        <Input maxLength={200} placeholder="e.g. Search ads, March" />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item label="Currency" name="Currency" style={{ flex: '0 0 110px' }}>
          <CurrencySelect />
        </Form.Item>
        <Form.Item
          label="Amount"
          name="Amount"
          style={{ flex: '1 1 180px' }}
          dependencies={['Currency']}
          rules={
            currency === base
              ? moneyRules({ required: 'Please enter the amount.' })
              : currencyAmountRules(currency, 'Please enter the amount.')
          }
          extra={currency === base ? undefined : baseAmountHint(expense, currency, base)}
        >
          <MoneyInput step={currency === 'JPY' || currency === 'KRW' ? 1000 : 100} prefix={currency === base ? undefined : currency} />
        </Form.Item>
        <Form.Item
          label="Purchase date"
          name="PurchaseDate"
          style={{ flex: '1 1 180px' }}
          dependencies={['Status']}
          rules={[
            { required: true, message: 'Please enter the date.' },
            validDateRule,
            // Actual money lies in the past (the tenant's today); the server says the same.
            ({ getFieldValue }) => ({
              validator: (_rule, value: Dayjs | null | undefined) => {
                const problem = value?.isValid() ? futureActualMessage(getFieldValue('Status'), value.format(DATE_FORMAT), today) : null;
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            }),
          ]}
        >
          <DateInput style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
      </Flex>
      <Form.Item label="Status" name="Status">
        <Segmented options={STATUS_OPTIONS} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item label="Payee" name="Payee" style={{ flex: '1 1 220px' }}>
          <AutoComplete options={payeeOptions} placeholder="Who is paid" maxLength={200} />
        </Form.Item>
        <Form.Item label="Purchase order" name="PurchaseOrder" style={{ flex: '1 1 160px' }}>
          <Input maxLength={100} placeholder="PO number" />
        </Form.Item>
      </Flex>
      <Form.Item label="GL code" name="GeneralLedgerCodeId">
        <Select
          allowClear
          loading={glCodes.isLoading}
          placeholder="Optional general ledger code"
          options={(glCodes.data ?? []).map((code) => ({ value: code.Id, label: code.Name }))}
        />
      </Form.Item>
      <Form.Item label="Description" name="Description">
        <Input.TextArea rows={3} maxLength={4000} showCount />
      </Form.Item>
      <CustomFieldInputs fields={customFields} />
      {readOnly ? (
        <Typography.Text type="secondary">Your team role lets you read this expense, not change it.</Typography.Text>
      ) : (
        <Flex gap={8} justify="flex-end">
          {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {expense ? 'Save expense' : 'Record expense'}
          </Button>
        </Flex>
      )}
    </Form>
  );
};
