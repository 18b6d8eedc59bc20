import type { ObjectiveDetail, ObjectiveResult } from '@plansmith/contract';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useToday } from '../../../shared/api/today.ts';
import { DATE_FORMAT } from '../../../shared/format/dates.ts';
import { DateInput, validDateRule } from '../../../shared/ui/date-input.tsx';
import { changedFields, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { editsSince, mineOverTheirs } from '../../../shared/ui/mine-over-theirs.ts';
import { useKeepObjective, useSaveResult } from '../api/objective-mutations.ts';
import { valueRule } from '../lib/value-rules.ts';

type FormValues = { Date: Dayjs; Value: number; Note?: string };

const RESULT_MERGE_FIELDS = [
  { key: 'Date', label: 'Date' },
  { key: 'Value', label: 'Value' },
  { key: 'Note', label: 'Note' },
] as const satisfies ReadonlyArray<{ key: keyof ObjectiveResult; label: string }>;
/** The result's fields the form saves: "Save mine over theirs" keeps of mine only those changed since it was read. */
const RESULT_FORM_FIELDS = ['Date', 'Value', 'Note'] as const;

/** A stale result's 409 (DESIGN.md §13): the objective as it is now, the result in it and its version; null for any other failure. */
const staleResultOf = (error: unknown, resultId: string) => {
  if (!(error instanceof ApiError) || error.status !== 409 || error.conflictRow?.Entity !== 'ObjectiveResult') return null;
  const objective = error.current as ObjectiveDetail | null | undefined;
  const theirs = objective?.Results?.find((row) => row.Id === resultId);
  return objective && theirs ? { objective, theirs } : null;
};

/** Records a result, or changes one; dates are limited to the objective's. */
export const ResultModal = ({
  open,
  objective,
  result,
  onClose,
}: {
  open: boolean;
  objective: ObjectiveDetail;
  /** null records a new one. */
  result: ObjectiveResult | null;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveResult();
  const keep = useKeepObjective();
  const merge = useMergeDialog();
  const { message } = App.useApp();
  // The result the form was filled from: the one opened, or theirs after "Keep theirs". Its Version is
  // what a save sends; its fields tell which ones the person changed.
  const [read, setRead] = useState(result);
  const todayInTenantZone = useToday();

  // Filled when it opens on a result, not on every refetch (live changes refetch on a colleague's save):
  // what is being typed stays; saving from the version read answers 409 and the merge dialog (DESIGN.md §13).
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening, or another result, is the trigger, not each refetched copy
  useEffect(() => {
    if (!open) return;
    const today = dayjs(todayInTenantZone);
    const defaultDay = today.isAfter(objective.EndDate)
      ? dayjs(objective.EndDate)
      : today.isBefore(objective.StartDate)
        ? dayjs(objective.StartDate)
        : today;
    form.setFieldsValue({ Date: result ? dayjs(result.Date) : defaultDay, Value: result?.Value, Note: result?.Note ?? '' });
    setRead(result);
  }, [open, result?.Id, form]);

  const submit = async (values: FormValues) => {
    const request = {
      ObjectiveId: objective.Id,
      Date: values.Date.format(DATE_FORMAT),
      Value: values.Value,
      Note: values.Note?.trim() ? values.Note : null,
    };
    const saveFrom = async (version: number | undefined, body: typeof request = request): Promise<void> => {
      try {
        await save.mutateAsync(result ? { ...body, Id: result.Id, Version: version } : body);
        message.success(result ? 'Result changed.' : 'Result recorded.');
        onClose();
      } catch (error) {
        const stale = result ? staleResultOf(error, result.Id) : null;
        if (result && stale && error instanceof ApiError) {
          // Someone changed the result since it was read: theirs beside the fields this person changed; the
          // person decides. Mine over theirs keeps their change to any field this person left alone.
          const mine = { ...stale.theirs, ...editsSince(RESULT_FORM_FIELDS, read, request) };
          const choice = await merge.ask(error.message, changedFields(RESULT_MERGE_FIELDS, stale.theirs, mine));
          if (choice === 'mine') return saveFrom(stale.theirs.Version, mineOverTheirs(RESULT_FORM_FIELDS, read, request, stale.theirs));
          keep(stale.objective);
          form.setFieldsValue({ Date: dayjs(stale.theirs.Date), Value: stale.theirs.Value, Note: stale.theirs.Note ?? '' });
          setRead(stale.theirs);
          message.info('Kept their version of the result.');
          return;
        }
        fail(error);
      }
    };
    await saveFrom(read?.Version);
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiError) {
      form.setFields(error.fieldErrors.map((field) => ({ name: field.Field as keyof FormValues, errors: [field.Message] })));
    }
    message.error(errorMessage(error));
  };

  return (
    <Modal
      open={open}
      title={result ? 'Change result' : 'Record a result'}
      okText={result ? 'Save result' : 'Record result'}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {merge.dialog}
      <Form<FormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark="optional">
        <Form.Item name="Date" label="Date" rules={[{ required: true, message: 'Please choose the date.' }, validDateRule]}>
          <DateInput
            allowClear={false}
            style={{ width: '100%' }}
            // A result is something that happened: none after today in the tenant's zone (the server refuses them too).
            disabledDate={(day) =>
              day.isBefore(objective.StartDate, 'day') || day.isAfter(objective.EndDate, 'day') || day.isAfter(todayInTenantZone, 'day')
            }
          />
        </Form.Item>
        <Form.Item
          name="Value"
          label={
            objective.MetricType === 2
              ? 'Value (USD)'
              : objective.MetricType === 3
                ? 'Value (%)'
                : `Value${objective.Metric ? ` (${objective.Metric})` : ''}`
          }
          rules={[{ required: true, message: 'Please enter the value.' }, valueRule(objective.MetricType)]}
        >
          {/* No min, max or precision: a value is refused with the rule named, never rounded or clamped. */}
          <InputNumber<number>
            style={{ width: '100%' }}
            prefix={objective.MetricType === 2 ? '$' : undefined}
            suffix={objective.MetricType === 3 ? '%' : undefined}
            autoFocus
          />
        </Form.Item>
        <Form.Item name="Note" label="Note" rules={[{ max: 1000 }]}>
          <Input.TextArea rows={2} placeholder="Where the number comes from" />
        </Form.Item>
        {/* Enter in a field submits: the visible buttons sit outside the form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
};
