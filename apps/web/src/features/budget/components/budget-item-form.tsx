import {
  type BudgetCategory,
  type BudgetItem,
  type CurrencyCode,
  type ItemType,
  type Lookup,
  type MarketingPlan,
  monthsBetween,
  phasingSumError,
} from '@plansmith/contract';
import { App, Button, Card, Flex, Form, Input, Radio, Select, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import {
  CustomFieldInputs,
  type CustomFieldFormValues,
  customFieldErrorName,
  touchedCustomFieldRequest,
  useCustomFieldValuesInForm,
} from '../../../shared/custom-fields/custom-field-inputs.tsx';
import { useCustomFields } from '../../../shared/custom-fields/custom-field-queries.ts';
import { baseCurrency, formatBase } from '../../../shared/format/money.ts';
import { CurrencySelect, currencyAmountRules } from '../../../shared/ui/currency-select.tsx';
import { MoneyInput, moneyRules } from '../../../shared/ui/money-input.tsx';
import { MonthlyPhasingGrid, type Phasing } from './monthly-phasing-grid.tsx';
import { cellsOf, useItemSave } from './use-item-save.tsx';

type FormValues = {
  Name: string;
  BudgetCategoryId: string;
  ItemType: ItemType;
  /** The item's own currency (DESIGN.md §17); Amount and the months are in it. */
  Currency: CurrencyCode;
  Amount: number;
  GeneralLedgerCodeId?: string | null;
  ObjectiveId?: string | null;
  CampaignId?: string | null;
  Description?: string | null;
  Active: boolean;
  CustomFields?: CustomFieldFormValues;
};

const phasingOf = (item: BudgetItem): Phasing => ({
  enabled: (item.Months ?? []).length > 0,
  months: Object.fromEntries((item.Months ?? []).map((month) => [month.Month, month.Amount])),
});

/** The item's form with its monthly phasing grid; saved together so the months always match the amount. */
export const BudgetItemForm = ({
  item,
  plan,
  categories,
  glCodes,
  objectives,
  campaigns,
  canEdit,
}: {
  item: BudgetItem;
  plan: MarketingPlan;
  categories: BudgetCategory[];
  glCodes: Lookup[];
  /** The plan's objectives to link the item to; null hides the picker (the tenant's plan has no objectives). */
  objectives: { Id: string; Name: string }[] | null;
  /** The plan's campaigns (DESIGN.md §16; name with its parents'); missing or empty hides the picker and keeps the item's campaign. */
  campaigns?: { Id: string; Name: string }[];
  canEdit: boolean;
}) => {
  const [form] = Form.useForm<FormValues>();
  // The item the form was filled from, with the versions it saves from (DESIGN.md §13): the one passed
  // in, or the one this form saved or kept ("Keep theirs"). A colleague's month edit that keeps the
  // year total changes only month cells, not the item's Version, so the page's item may not move on.
  const [base, setBase] = useState(item);
  useEffect(() => setBase(item), [item]);
  const save = useItemSave({ categories, glCodes, objectives: objectives ?? [] }, setBase);
  const { message } = App.useApp();
  const [phasing, setPhasing] = useState<Phasing>(() => phasingOf(item));
  const amount = Form.useWatch('Amount', form) ?? base.Amount;
  const baseCode = baseCurrency() as CurrencyCode;
  const currency: CurrencyCode = Form.useWatch('Currency', form) ?? base.Currency;
  const months = useMemo(() => monthsBetween(plan.StartDate, plan.EndDate), [plan.StartDate, plan.EndDate]);

  const { fields: customFields } = useCustomFields('BudgetItem');
  // The item's custom field values as the form holds them (dates as days), once the fields have loaded.
  useCustomFieldValuesInForm(form, customFields, base.CustomFields);

  useEffect(() => {
    const { CustomFields: _stored, ...fields } = base;
    form.setFieldsValue({ ...fields, Description: base.Description ?? '' });
    setPhasing(phasingOf(base));
  }, [base, form]);

  const submit = async (values: FormValues) => {
    const entries = months
      .filter((month) => (phasing.months[month] ?? 0) > 0)
      .map((month) => ({ Month: month, Amount: phasing.months[month] ?? 0 }));
    // Added up in the item's currency's minor units, as the server does (DESIGN.md §17).
    if (phasing.enabled && phasingSumError(entries, values.Amount, values.Currency)) {
      message.error('The monthly phasing must add up to the amount. Adjust the months or use “Spread evenly”.');
      return;
    }
    try {
      const saved = await save.saveItem(
        {
          Id: base.Id,
          // The versions read (DESIGN.md §13): a colleague's change since, of the item or of any of its
          // month cells (the months below replace them all), answers the merge dialog.
          Version: base.Version,
          Cells: cellsOf(base),
          Name: values.Name,
          Description: values.Description?.trim() ? values.Description : null,
          Active: values.Active,
          Currency: values.Currency,
          Amount: values.Amount,
          ItemType: values.ItemType,
          BudgetCategoryId: values.BudgetCategoryId,
          MarketingPlanId: base.MarketingPlanId,
          // Without the picker (no Plan.Performance) the item keeps its link.
          ObjectiveId: objectives ? (values.ObjectiveId ?? null) : base.ObjectiveId,
          GeneralLedgerCodeId: values.GeneralLedgerCodeId ?? null,
          // Without the picker the item keeps its campaign (missing = unchanged).
          ...(campaigns && campaigns.length > 0 ? { CampaignId: values.CampaignId ?? null } : {}),
          Months: phasing.enabled ? entries : null,
          // Only the custom fields the person changed: the server keeps the others as they are.
          CustomFields: touchedCustomFieldRequest(form, customFields, values.CustomFields),
        },
        // The item the form was filled from: a merge keeps of mine only the fields changed since.
        base,
      );
      if (saved) {
        // Waiting for approval: the form shows the item as it still is (useItemSave said why).
        setBase(saved);
        if (!saved.WaitingForApproval) message.success('Budget item saved.');
      }
    } catch (error) {
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

  return (
    <Form<FormValues> form={form} layout="vertical" disabled={!canEdit} onFinish={(values) => void submit(values)} requiredMark="optional">
      {save.dialog}
      <Card title="Details" size="small" style={{ marginBottom: 16 }}>
        <Flex gap={16} wrap>
          <Form.Item
            name="Name"
            label="Name"
            style={{ flex: '2 1 280px' }}
            rules={[{ required: true, whitespace: true, message: 'Please enter a name.' }, { max: 200 }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="Currency"
            label="Currency"
            style={{ flex: '0 0 110px' }}
            tooltip="The item’s own currency: its amount and months are in it; every total is in the base currency."
          >
            <CurrencySelect />
          </Form.Item>
          <Form.Item
            name="Amount"
            label={`Amount (${currency})`}
            style={{ flex: '1 1 180px' }}
            dependencies={['Currency']}
            rules={
              currency === baseCode
                ? moneyRules({ required: 'Please enter an amount.' })
                : currencyAmountRules(currency, 'Please enter an amount.')
            }
            extra={
              currency !== baseCode && base.Currency === currency
                ? `${formatBase(base.BaseAmount)} at the plan’s budget rate, as saved`
                : currency !== baseCode
                  ? 'Converted to the base currency at the plan’s budget rate when saved'
                  : undefined
            }
          >
            <MoneyInput {...(currency === baseCode ? {} : { prefix: currency })} />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            name="BudgetCategoryId"
            label="Category"
            style={{ flex: '1 1 220px' }}
            rules={[{ required: true, message: 'Please choose a category.' }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={categories.map((category) => ({ value: category.Id, label: category.Name }))}
            />
          </Form.Item>
          <Form.Item name="GeneralLedgerCodeId" label="GL code" style={{ flex: '1 1 220px' }}>
            <Select allowClear options={glCodes.map((code) => ({ value: code.Id, label: code.Name }))} />
          </Form.Item>
          {objectives ? (
            <Form.Item name="ObjectiveId" label="Objective" style={{ flex: '1 1 220px' }}>
              <Select
                allowClear
                placeholder="None"
                showSearch
                optionFilterProp="label"
                options={objectives.map((objective) => ({ value: objective.Id, label: objective.Name }))}
              />
            </Form.Item>
          ) : null}
          {campaigns && campaigns.length > 0 ? (
            <Form.Item name="CampaignId" label="Campaign" style={{ flex: '1 1 220px' }}>
              <Select
                allowClear
                placeholder="None"
                showSearch
                optionFilterProp="label"
                options={campaigns.map((campaign) => ({ value: campaign.Id, label: campaign.Name }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item name="ItemType" label="Item type" style={{ flex: '1 1 220px' }}>
            <Radio.Group
              options={[
                { value: 1, label: 'Productive' },
                { value: 2, label: 'Operational' },
              ]}
            />
          </Form.Item>
          <Form.Item name="Active" label="Active" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
        <Form.Item name="Description" label="Description" rules={[{ max: 4000 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <CustomFieldInputs fields={customFields} />
      </Card>
      <Card title="Monthly phasing" size="small" style={{ marginBottom: 16 }}>
        <MonthlyPhasingGrid
          months={months}
          amount={amount}
          value={phasing}
          disabled={!canEdit}
          currency={currency === baseCode ? undefined : currency}
          onChange={setPhasing}
        />
      </Card>
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save item
        </Button>
      ) : null}
    </Form>
  );
};
