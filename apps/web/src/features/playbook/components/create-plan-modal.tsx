import { getHref } from '@plansmith/contract';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useMyTeams } from '../../../shared/api/my-teams.ts';
import { useToday } from '../../../shared/api/today.ts';
import { useContextSelection } from '../../../shared/context/context-selection.tsx';
import { DATE_FORMAT } from '../../../shared/format/dates.ts';
import { DateInput, validDateRule } from '../../../shared/ui/date-input.tsx';
import { useCreatePlanFromPlay } from '../api/playbook-mutations.ts';
import { nextYear } from '../lib/play-text.ts';

/** A play or a plan: what the new plan is copied from. */
export type PlanSource = { Id: string; Name: string; TeamId: string; StartDate: string; EndDate: string };

/** "Use this play" starts on the first of next month under the play's name; "Copy to next year" a year on, "(next year)". */
export type CreatePlanMode = 'play' | 'next-year';

/** `today`: the tenant's (shared/api/today.ts). */
const firstOfNextMonth = (today: string): string => dayjs(today).add(1, 'month').startOf('month').format(DATE_FORMAT);

const defaultsFor = (source: PlanSource, mode: CreatePlanMode, today: string) =>
  mode === 'play'
    ? // The play's name with the year, not the play's own name: a plan never repeats a name in its team.
      { Name: `${source.Name} ${firstOfNextMonth(today).slice(0, 4)}`, StartDate: firstOfNextMonth(today) }
    : { Name: `${source.Name} (next year)`, StartDate: nextYear(source.StartDate) };

type FormValues = { Name: string; TeamId: string; StartDate: Dayjs };

/**
 * A new live plan from a play or from another plan (PlaybookClient/CreatePlan): name, team and start
 * date. On success the new plan becomes the context plan and its budget opens.
 */
export const CreatePlanModal = ({ source, mode, onClose }: { source: PlanSource | null; mode: CreatePlanMode; onClose: () => void }) => {
  const [form] = Form.useForm<FormValues>();
  const create = useCreatePlanFromPlay();
  const teams = useMyTeams();
  // Only the teams the user may create plans in (their Lead, or every team for an Admin or the Owner).
  const creatableTeams = (teams.data ?? []).filter((team) => team.CanManagePlans);
  const { setTeamId, setPlanId } = useContextSelection();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const today = useToday();

  useEffect(() => {
    if (!source) return;
    const defaults = defaultsFor(source, mode, today);
    form.setFieldsValue({ Name: defaults.Name, StartDate: dayjs(defaults.StartDate) });
  }, [source, mode, form, today]);

  // The source's team when the user may create plans there, else the first team they may.
  const defaultTeamId = creatableTeams.some((team) => team.Id === source?.TeamId) ? source?.TeamId : creatableTeams[0]?.Id;
  useEffect(() => {
    if (source && defaultTeamId) form.setFieldsValue({ TeamId: defaultTeamId });
  }, [source, defaultTeamId, form]);

  const submit = async (values: FormValues) => {
    if (!source) return;
    try {
      const plan = await create.mutateAsync({
        SourcePlanId: source.Id,
        Name: values.Name,
        TeamId: values.TeamId,
        StartDate: values.StartDate.format(DATE_FORMAT),
      });
      setTeamId(plan.TeamId);
      setPlanId(plan.Id);
      message.success(`“${plan.Name}” created with ${plan.ItemCount} budget item${plan.ItemCount === 1 ? '' : 's'}.`);
      onClose();
      void navigate(getHref('budget'));
    } catch (error) {
      // A name the team already has (400 on Name, with a free one to use) shows on the field.
      const fieldErrors = error instanceof ApiError ? error.fieldErrors.filter((entry) => entry.Field === 'Name') : [];
      if (fieldErrors.length > 0) form.setFields([{ name: 'Name', errors: fieldErrors.map((entry) => entry.Message) }]);
      else message.error(errorMessage(error));
    }
  };

  return (
    <Modal
      open={source !== null}
      title={source ? (mode === 'play' ? `Use “${source.Name}”` : `Copy “${source.Name}” to next year`) : ''}
      okText="Create plan"
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {source ? (
        <Typography.Paragraph type="secondary">
          Copies the budget items of “{source.Name}” with their monthly phasing, its objectives (without results) and its funnel model into
          a new live plan as long as the source. Expenses, results and comments stay behind.
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark="optional">
        <Form.Item
          name="Name"
          label="Plan name"
          rules={[{ required: true, whitespace: true, message: 'Please enter a plan name.' }, { max: 200 }]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="TeamId" label="Team" rules={[{ required: true, message: 'Please choose a team.' }]}>
          <Select loading={teams.isPending} options={creatableTeams.map((team) => ({ value: team.Id, label: team.Name }))} />
        </Form.Item>
        <Form.Item
          name="StartDate"
          label="Start date"
          extra="Month 1 of the source becomes the month of this date; the plan runs as many months."
          rules={[{ required: true, message: 'Please choose a start date.' }, validDateRule]}
        >
          <DateInput style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
