import {
  AGGREGATION_NAMES,
  type Aggregation,
  EMPTY_ID,
  type Lookup,
  METRIC_TYPE_NAMES,
  type MarketingPlan,
  type MetricType,
  type Objective,
} from '@plansmith/contract';
import { App, Button, Drawer, Flex, Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { DATE_FORMAT, formatDate } from '../../../shared/format/dates.ts';
import { DateInput, validDateRule } from '../../../shared/ui/date-input.tsx';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { editsSince, mineOverTheirs } from '../../../shared/ui/mine-over-theirs.ts';
import { useKeepObjective, useSaveObjective } from '../api/objective-mutations.ts';
import { valueRule } from '../lib/value-rules.ts';

type FormValues = {
  Name: string;
  Description?: string;
  MetricType: MetricType;
  Metric?: string;
  TargetValue: number;
  Aggregation: Aggregation;
  HigherIsBetter: boolean;
  IsRevenue: boolean;
  FunnelStageId?: string | null;
  StartDate: Dayjs;
  EndDate: Dayjs;
  Active: boolean;
};

const initialValues = (objective: Objective | null, plan: MarketingPlan): FormValues => ({
  Name: objective?.Name ?? '',
  Description: objective?.Description ?? '',
  MetricType: objective?.MetricType ?? 1,
  Metric: objective?.Metric ?? '',
  TargetValue: objective?.TargetValue ?? (undefined as unknown as number),
  Aggregation: objective?.Aggregation ?? 1,
  HigherIsBetter: objective?.HigherIsBetter ?? true,
  IsRevenue: objective?.IsRevenue ?? false,
  FunnelStageId: objective?.FunnelStageId ?? null,
  StartDate: dayjs(objective?.StartDate ?? plan.StartDate),
  EndDate: dayjs(objective?.EndDate ?? plan.EndDate),
  Active: objective?.Active ?? true,
});

/** The objective's fields a merge dialog compares (DESIGN.md §13), as the form names them. */
const objectiveMergeFields = (funnelStages: Lookup[]) =>
  [
    { key: 'Name', label: 'Name' },
    { key: 'MetricType', label: 'Measured as', format: (type: unknown) => METRIC_TYPE_NAMES[type as MetricType] },
    { key: 'TargetValue', label: 'Target' },
    { key: 'Metric', label: 'Unit' },
    { key: 'Aggregation', label: 'Actual value is', format: (value: unknown) => AGGREGATION_NAMES[value as Aggregation] },
    { key: 'HigherIsBetter', label: 'Higher is better', format: (value: unknown) => (value ? 'Yes' : 'No') },
    { key: 'IsRevenue', label: 'Counts as revenue', format: (value: unknown) => (value ? 'Yes' : 'No') },
    { key: 'StartDate', label: 'Start date', format: (value: unknown) => formatDate(String(value)) },
    { key: 'EndDate', label: 'End date', format: (value: unknown) => formatDate(String(value)) },
    { key: 'FunnelStageId', label: 'Funnel stage', format: (id: unknown) => funnelStages.find((stage) => stage.Id === id)?.Name ?? '—' },
    { key: 'Active', label: 'Active', format: (value: unknown) => (value ? 'Yes' : 'No') },
    { key: 'Description', label: 'Description' },
  ] as const satisfies ReadonlyArray<{ key: keyof Objective; label: string; format?: (value: never) => string }>;
/** The objective's fields the drawer saves: "Save mine over theirs" keeps of mine only those changed since it was read. */
const OBJECTIVE_FORM_FIELDS = [
  'Name',
  'Description',
  'MetricType',
  'Metric',
  'TargetValue',
  'Aggregation',
  'HigherIsBetter',
  'IsRevenue',
  'FunnelStageId',
  'StartDate',
  'EndDate',
  'Active',
] as const;

/** A typed date may lie outside the plan (the calendar greys those days out): say so before saving. */
const withinPlanRule = (plan: MarketingPlan): Rule => ({
  validator: (_rule, value: Dayjs | null | undefined) =>
    !value?.isValid() || (!value.isBefore(plan.StartDate, 'day') && !value.isAfter(plan.EndDate, 'day'))
      ? Promise.resolve()
      : Promise.reject(new Error(`Choose a date within the plan: ${formatDate(plan.StartDate)} to ${formatDate(plan.EndDate)}.`)),
});

const notBeforeStartRule: Rule = ({ getFieldValue }) => ({
  validator: (_rule, value: Dayjs | null | undefined) => {
    const start = getFieldValue('StartDate') as Dayjs | undefined;
    return !value?.isValid() || !start?.isValid() || !value.isBefore(start, 'day')
      ? Promise.resolve()
      : Promise.reject(new Error('The end date cannot be before the start date.'));
  },
});

/** Creates or edits an objective in a side drawer; server field errors land on their fields. */
export const ObjectiveDrawer = ({
  open,
  objective,
  plan,
  funnelStages,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null creates. */
  objective: Objective | null;
  plan: MarketingPlan;
  funnelStages: Lookup[];
  onClose: () => void;
  onSaved?: (objective: Objective) => void;
}) => {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveObjective();
  const keep = useKeepObjective();
  const merge = useMergeDialog();
  const { message } = App.useApp();
  // The objective the form was filled from: the one opened, or theirs after "Keep theirs" (DESIGN.md §13).
  // Its Version is what a save sends; its fields tell which ones the person changed.
  const [read, setRead] = useState(objective);
  const metricType = Form.useWatch('MetricType', form) ?? objective?.MetricType ?? 1;
  const outsidePlan = (day: Dayjs) => day.isBefore(plan.StartDate, 'day') || day.isAfter(plan.EndDate, 'day');

  // Filled when it opens (or opens on another objective), not on every refetch: live changes refetch
  // the objective and the plan whenever a colleague saves, and what is being typed must stay; saving
  // from the version read answers 409 and the merge dialog instead (DESIGN.md §13).
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening, or another objective, is the trigger, not each refetched copy
  useEffect(() => {
    if (open) {
      form.setFieldsValue(initialValues(objective, plan));
      setRead(objective);
    }
  }, [open, objective?.Id, form]);

  const submit = async (values: FormValues) => {
    const request = {
      Id: objective?.Id ?? EMPTY_ID,
      MarketingPlanId: plan.Id,
      Name: values.Name,
      Description: values.Description?.trim() ? values.Description : null,
      MetricType: values.MetricType,
      Metric: values.MetricType === 1 && values.Metric?.trim() ? values.Metric : null,
      TargetValue: values.TargetValue,
      Aggregation: values.Aggregation,
      HigherIsBetter: values.HigherIsBetter,
      IsRevenue: values.MetricType === 2 && values.IsRevenue,
      FunnelStageId: values.FunnelStageId ?? null,
      StartDate: values.StartDate.format(DATE_FORMAT),
      EndDate: values.EndDate.format(DATE_FORMAT),
      ...(objective ? { Active: values.Active } : {}),
    };
    const saveFrom = async (version: number | undefined, body: typeof request = request): Promise<void> => {
      try {
        const saved = await save.mutateAsync(version === undefined ? body : { ...body, Version: version });
        message.success(objective ? 'Objective saved.' : `“${saved.Name}” added.`);
        onSaved?.(saved);
        onClose();
      } catch (error) {
        const stale = staleWriteOf<Objective>(error);
        if (stale) {
          // Someone changed it since it was read: their values beside the ones this person changed, and the
          // person decides (never retried unasked). Mine over theirs keeps their change to any field left alone.
          const mine: Objective = { ...stale.current, ...editsSince(OBJECTIVE_FORM_FIELDS, read, request) };
          const choice = await merge.ask(stale.message, changedFields(objectiveMergeFields(funnelStages), stale.current, mine));
          if (choice === 'mine') return saveFrom(stale.version, mineOverTheirs(OBJECTIVE_FORM_FIELDS, read, request, stale.current));
          keep(stale.current);
          form.setFieldsValue(initialValues(stale.current, plan));
          setRead(stale.current);
          message.info('Kept their version of the objective.');
          return;
        }
        if (error instanceof ApiError && error.fieldErrors.length > 0) {
          form.setFields(error.fieldErrors.map((field) => ({ name: field.Field as keyof FormValues, errors: [field.Message] })));
        }
        message.error(errorMessage(error));
      }
    };
    await saveFrom(objective ? read?.Version : undefined);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={objective ? `Edit “${objective.Name}”` : 'Add objective'}
      size={520}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {objective ? 'Save objective' : 'Add objective'}
          </Button>
        </Flex>
      }
    >
      {merge.dialog}
      <Form<FormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark="optional">
        <Form.Item
          name="Name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Please name the objective.' }, { max: 200 }]}
        >
          <Input placeholder="e.g. Marketing qualified leads" autoFocus />
        </Form.Item>
        <Form.Item name="MetricType" label="Measured as">
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: 'Count' },
              { value: 2, label: 'Currency (USD)' },
              { value: 3, label: 'Percent' },
            ]}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="TargetValue"
            label="Target"
            style={{ flex: '1 1 180px' }}
            rules={[
              { required: true, message: 'Please enter a target.' },
              { type: 'number', min: 0.01, message: 'The target must be more than 0.' },
              valueRule(metricType),
            ]}
          >
            {/* No min or precision: a target is refused with the rule named, never rounded or clamped. */}
            <InputNumber<number>
              style={{ width: '100%' }}
              prefix={metricType === 2 ? '$' : undefined}
              suffix={metricType === 3 ? '%' : undefined}
            />
          </Form.Item>
          {metricType === 1 ? (
            <Form.Item name="Metric" label="Unit" style={{ flex: '1 1 180px' }} rules={[{ max: 50 }]}>
              <Input placeholder="e.g. MQLs" />
            </Form.Item>
          ) : null}
        </Flex>
        <Form.Item name="Aggregation" label="Actual value is">
          <Radio.Group
            options={[
              { value: 1, label: 'The sum of results (leads, pipeline, attendees)' },
              { value: 2, label: 'The latest result (rates, scores)' },
            ]}
          />
        </Form.Item>
        <Flex gap={24} wrap>
          <Form.Item name="HigherIsBetter" label="Higher is better" valuePropName="checked">
            <Switch />
          </Form.Item>
          {metricType === 2 ? (
            <Form.Item
              name="IsRevenue"
              label="Counts as revenue (ROI)"
              valuePropName="checked"
              tooltip="Its actual value is the return in the performance page’s ROI."
            >
              <Switch />
            </Form.Item>
          ) : null}
          {objective ? (
            <Form.Item name="Active" label="Active" valuePropName="checked">
              <Switch />
            </Form.Item>
          ) : null}
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            name="StartDate"
            label="Start date"
            style={{ flex: '1 1 180px' }}
            rules={[{ required: true, message: 'Please choose a start date.' }, validDateRule, withinPlanRule(plan)]}
          >
            <DateInput allowClear={false} style={{ width: '100%' }} disabledDate={outsidePlan} />
          </Form.Item>
          <Form.Item
            name="EndDate"
            label="End date"
            style={{ flex: '1 1 180px' }}
            dependencies={['StartDate']}
            rules={[{ required: true, message: 'Please choose an end date.' }, validDateRule, withinPlanRule(plan), notBeforeStartRule]}
          >
            <DateInput allowClear={false} style={{ width: '100%' }} disabledDate={outsidePlan} />
          </Form.Item>
        </Flex>
        <Typography.Paragraph type="secondary">
          Within the plan: {formatDate(plan.StartDate)} to {formatDate(plan.EndDate)}.
        </Typography.Paragraph>
        <Form.Item name="FunnelStageId" label="Funnel stage">
          <Select allowClear placeholder="None" options={funnelStages.map((stage) => ({ value: stage.Id, label: stage.Name }))} />
        </Form.Item>
        <Form.Item name="Description" label="Description" rules={[{ max: 4000 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        {/* Enter in a field submits: the visible buttons sit outside the form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
};
