import { CURRENCIES, CURRENCY_CODES, type CurrencyCode, EMPTY_ID, type MarketingPlan, NEW_PLAN_LENGTH_DAYS } from '@plansmith/contract';
import { App, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { DATE_FORMAT, formatDate } from '../../../shared/format/dates.ts';
import { baseCurrency } from '../../../shared/format/money.ts';
import { DateInput, validDateRule } from '../../../shared/ui/date-input.tsx';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { editsSince, mineOverTheirs } from '../../../shared/ui/mine-over-theirs.ts';
import { useKeepTheirPlan, useSavePlan } from '../api/plan-mutations.ts';
import { useMyTeams } from '../../../shared/api/my-teams.ts';
import { useToday } from '../../../shared/api/today.ts';

type FormValues = { Name: string; Description?: string; TeamId: string; StartDate: Dayjs; EndDate: Dayjs; Currency: CurrencyCode };

/** Every currency a plan may budget in (DESIGN.md §17): its new items default to it. */
const CURRENCY_OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: `${code} · ${CURRENCIES[code].name}` }));

/** The plan's fields the form edits, as the merge dialog compares them (DESIGN.md §13). */
const PLAN_MERGE_FIELDS = [
  { key: 'Name', label: 'Name' },
  { key: 'Description', label: 'Description' },
  { key: 'StartDate', label: 'Start date', format: (date: unknown) => formatDate(date as string) },
  { key: 'EndDate', label: 'End date', format: (date: unknown) => formatDate(date as string) },
  { key: 'Currency', label: 'Currency' },
] as const satisfies ReadonlyArray<{ key: keyof MarketingPlan; label: string; format?: (value: never) => string }>;
/** The plan's fields the form saves: "Save mine over theirs" keeps of mine only those changed since the plan was read. */
const PLAN_FORM_FIELDS = ['Name', 'Description', 'StartDate', 'EndDate', 'Currency'] as const;

/** Create a plan (defaults: today to today + 365 days, SPEC.md §5) or edit one's name, description and dates. */
export const PlanFormModal = ({
  open,
  plan,
  defaultTeamId,
  onClose,
  onSaved,
}: {
  open: boolean;
  plan: MarketingPlan | null;
  defaultTeamId: string | null;
  onClose: () => void;
  onSaved?: (plan: MarketingPlan) => void;
}) => {
  const [form] = Form.useForm<FormValues>();
  const save = useSavePlan();
  const keepTheirs = useKeepTheirPlan();
  const merge = useMergeDialog();
  const teams = useMyTeams();
  const { message } = App.useApp();
  const todayInTenantZone = useToday();

  // The plan as the form was filled from it: a colleague's change arriving while the dialog is open
  // (a refetch, a live event) neither overwrites what the person typed nor moves the Version the
  // save sends, so their change comes back as a 409 and the merge dialog instead of vanishing.
  const read = useRef<MarketingPlan | null>(null);
  const planId = plan?.Id ?? null;
  const planNow = useRef(plan);
  planNow.current = plan;
  useEffect(() => {
    if (!open) {
      read.current = null;
      return;
    }
    // Filled once per opening of a plan: later runs (the teams list refetched) keep what is typed.
    if (planId && read.current?.Id === planId) return;
    const today = dayjs(todayInTenantZone);
    const opened = planId ? planNow.current : null;
    read.current = opened;
    form.setFieldsValue(
      opened
        ? {
            Name: opened.Name,
            Description: opened.Description ?? '',
            TeamId: opened.TeamId,
            StartDate: dayjs(opened.StartDate),
            EndDate: dayjs(opened.EndDate),
            Currency: opened.Currency,
          }
        : {
            Name: '',
            Description: '',
            TeamId: defaultTeamId ?? teams.data?.[0]?.Id,
            StartDate: today,
            EndDate: today.add(NEW_PLAN_LENGTH_DAYS, 'day'),
            Currency: baseCurrency() as CurrencyCode,
          },
    );
  }, [open, planId, defaultTeamId, teams.data, form, todayInTenantZone]);

  const submit = async (values: FormValues) => {
    // The state is not edited here: an update leaves it as it is (the server keeps it).
    const request = {
      Id: plan?.Id ?? EMPTY_ID,
      Name: values.Name,
      Description: values.Description?.trim() ? values.Description : null,
      TeamId: values.TeamId,
      StartDate: values.StartDate.format(DATE_FORMAT),
      EndDate: values.EndDate.format(DATE_FORMAT),
      Currency: values.Currency,
    };
    const saveFrom = async (version: number | undefined, body: typeof request = request): Promise<void> => {
      try {
        const saved = await save.mutateAsync(version === undefined ? body : { ...body, Version: version });
        message.success(plan ? 'Plan saved.' : `“${saved.Name}” created.`);
        onSaved?.(saved);
        onClose();
      } catch (error) {
        const stale = staleWriteOf<MarketingPlan>(error);
        if (stale) {
          // Someone changed the plan since it was read: their values beside the ones this person changed,
          // and the person decides. Mine over theirs keeps their change to any field this person left alone.
          const mine: MarketingPlan = { ...stale.current, ...editsSince(PLAN_FORM_FIELDS, read.current, request) };
          const choice = await merge.ask(stale.message, changedFields(PLAN_MERGE_FIELDS, stale.current, mine));
          if (choice === 'mine') return saveFrom(stale.version, mineOverTheirs(PLAN_FORM_FIELDS, read.current, request, stale.current));
          keepTheirs(stale.current);
          message.info('Kept their version of the plan.');
          onClose();
          return;
        }
        message.error(errorMessage(error));
      }
    };
    await saveFrom(plan ? (read.current?.Version ?? plan.Version) : undefined);
  };

  return (
    <Modal
      open={open}
      title={plan ? 'Edit plan' : 'New plan'}
      okText={plan ? 'Save' : 'Create plan'}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {merge.dialog}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark="optional">
        <Form.Item
          name="Name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Please enter a plan name.' }, { max: 200 }]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="Description" label="Description" rules={[{ max: 4000 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="TeamId" label="Team" rules={[{ required: true, message: 'Please choose a team.' }]}>
          <Select
            loading={teams.isPending}
            disabled={Boolean(plan)}
            options={(teams.data ?? []).map((team) => ({ value: team.Id, label: team.Name }))}
          />
        </Form.Item>
        <Form.Item name="StartDate" label="Start date" rules={[{ required: true, message: 'Please choose a start date.' }, validDateRule]}>
          <DateInput style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="EndDate"
          label="End date"
          dependencies={['StartDate']}
          rules={[
            { required: true, message: 'Please choose an end date.' },
            validDateRule,
            ({ getFieldValue }) => ({
              validator: (_rule, value: Dayjs | undefined) => {
                const start = getFieldValue('StartDate') as Dayjs | undefined;
                return !value?.isValid() || !start?.isValid() || !value.isBefore(start, 'day')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The end date cannot be before the start date.'));
              },
            }),
          ]}
        >
          <DateInput style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="Currency"
          label="Currency"
          extra={
            plan && plan.Totals.ItemCount > 0
              ? 'Its budget items are in it, so it cannot change now. Each item may have its own currency.'
              : 'New budget items are in this currency; every total is in your base currency.'
          }
        >
          <Select showSearch optionFilterProp="label" disabled={Boolean(plan && plan.Totals.ItemCount > 0)} options={CURRENCY_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
