import type { ApprovalPolicy, SaveApprovalPolicyRequest, TeamView } from '@plansmith/contract';
import { Alert, App, Button, Card, Descriptions, Form, Radio, Select } from 'antd';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { MoneyInput, moneyRules } from '../../../shared/ui/money-input.tsx';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { usePolicy, usePolicyPeople, useSavePolicy } from '../api/approvals-api.ts';

type PolicyValues = {
  expenseThreshold: number | null;
  budgetChangeThreshold: number | null;
  approversKind: 'Leads' | 'People';
  approverIds: string[];
};

type PolicyFields = Pick<ApprovalPolicy, 'ExpenseThreshold' | 'BudgetChangeThreshold' | 'Approvers'>;

/** The server's words (contract approvals.ts), said before the round trip too. */
const NEGATIVE_THRESHOLD = 'A threshold cannot be negative.';
const NO_APPROVER = 'Name at least one approver, or choose the team’s Leads.';

const thresholdText = (value: unknown) => (typeof value === 'number' ? `From ${formatBase(value)}` : 'Off');

const valuesOf = (policy: ApprovalPolicy): PolicyValues => ({
  expenseThreshold: policy.ExpenseThreshold,
  budgetChangeThreshold: policy.BudgetChangeThreshold,
  approversKind: policy.Approvers === 'Leads' ? 'Leads' : 'People',
  approverIds: policy.Approvers === 'Leads' ? [] : policy.Approvers,
});

const thresholdRules = moneyRules({ allowNegative: true }).concat({
  validator: (_rule, value: number | null | undefined) =>
    typeof value === 'number' && value < 0 ? Promise.reject(new Error(NEGATIVE_THRESHOLD)) : Promise.resolve(),
});

/**
 * A team's approval policy (DESIGN.md §15) on the team settings screen: from which amount an
 * expense or (after the baseline lock) a budget change waits, and who decides. `canEdit`: the
 * team's Lead, an Admin or the Owner; others read it.
 */
export const ApprovalPolicyCard = ({ team, canEdit }: { team: TeamView; canEdit: boolean }) => {
  const policy = usePolicy(team.Id);
  const members = usePolicyPeople(team.Id);
  const save = useSavePolicy();
  const merge = useMergeDialog();
  const { message } = App.useApp();
  const [form] = Form.useForm<PolicyValues>();
  const kind = Form.useWatch('approversKind', form);
  // The policy as the form was filled from it: its Version goes with the save (a refetch does not move it).
  const read = useRef<ApprovalPolicy | null>(null);

  useEffect(() => {
    if (!policy.data || read.current) return;
    read.current = policy.data;
    form.setFieldsValue(valuesOf(policy.data));
  }, [policy.data, form]);

  const nameOf = (id: string) => {
    const member = members.data?.find((m) => m.UserProfileId === id);
    if (member) return `${member.FirstName} ${member.LastName}`;
    return policy.data?.ApproverPeople.find((person) => person.Id === id)?.Name ?? 'Someone';
  };
  const approversText = (value: unknown) =>
    value === 'Leads' ? 'The team’s Leads' : Array.isArray(value) ? value.map((id: string) => nameOf(id)).join(', ') : '—';
  const mergeFields = [
    { key: 'ExpenseThreshold', label: 'Expense threshold', format: thresholdText },
    { key: 'BudgetChangeThreshold', label: 'Budget change threshold', format: thresholdText },
    { key: 'Approvers', label: 'Approvers', format: approversText },
  ] as const;

  const send = (body: SaveApprovalPolicyRequest) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        read.current = saved;
        form.setFieldsValue(valuesOf(saved));
        void message.success(`The approval policy of ${team.Name} was saved.`);
      },
      onError: async (error) => {
        const stale = staleWriteOf<ApprovalPolicy>(error);
        if (!stale) return;
        save.reset();
        const mine: PolicyFields = {
          ExpenseThreshold: body.ExpenseThreshold,
          BudgetChangeThreshold: body.BudgetChangeThreshold,
          Approvers: body.Approvers,
        };
        const choice = await merge.ask(stale.message, changedFields<PolicyFields>(mergeFields, stale.current, mine));
        if (choice === 'mine') {
          send({ ...body, Version: stale.version });
        } else {
          read.current = stale.current;
          form.setFieldsValue(valuesOf(stale.current));
          void policy.refetch();
        }
      },
    });

  const submit = (values: PolicyValues) =>
    send({
      TeamId: team.Id,
      ExpenseThreshold: values.expenseThreshold ?? null,
      BudgetChangeThreshold: values.budgetChangeThreshold ?? null,
      Approvers: values.approversKind === 'Leads' ? 'Leads' : values.approverIds,
      Version: read.current?.Version ?? policy.data?.Version ?? 0,
    });

  const title = `Approval policy of ${team.Name}`;
  if (policy.isPending)
    return (
      <Card title={title}>
        <LoadingState label="Loading the approval policy…" />
      </Card>
    );
  if (policy.isError) {
    return (
      <Card title={title}>
        <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />
      </Card>
    );
  }

  if (!canEdit) {
    return (
      <Card title={title} aria-label={title}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Expense threshold">{thresholdText(policy.data.ExpenseThreshold)}</Descriptions.Item>
          <Descriptions.Item label="Budget change threshold">{thresholdText(policy.data.BudgetChangeThreshold)}</Descriptions.Item>
          <Descriptions.Item label="Approvers">
            {policy.data.Approvers === 'Leads' ? 'The team’s Leads' : policy.data.ApproverPeople.map((p) => p.Name).join(', ')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    );
  }

  return (
    <Card title={title} aria-label={title}>
      {save.isError ? <Alert type="error" showIcon message={errorMessage(save.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
      {merge.dialog}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ approversKind: 'Leads', approverIds: [] }}
      >
        <Form.Item
          label="Expense threshold"
          name="expenseThreshold"
          rules={thresholdRules}
          extra="A Committed or Actual expense at or above it, saved by someone who is not an approver, waits for approval. Empty: off."
        >
          <MoneyInput placeholder="Off" aria-label="Expense threshold" />
        </Form.Item>
        <Form.Item
          label="Budget change threshold"
          name="budgetChangeThreshold"
          rules={thresholdRules}
          extra="After the baseline lock, a budget change at or above it waits for approval. Empty: off."
        >
          <MoneyInput placeholder="Off" aria-label="Budget change threshold" />
        </Form.Item>
        <Form.Item label="Approvers" name="approversKind">
          <Radio.Group
            options={[
              { value: 'Leads', label: 'The team’s Leads' },
              { value: 'People', label: 'Named people' },
            ]}
          />
        </Form.Item>
        {kind === 'People' ? (
          <Form.Item
            name="approverIds"
            label="Named approvers"
            rules={[{ type: 'array', min: 1, required: true, message: NO_APPROVER }]}
            extra="Admins and the Owner may always decide."
          >
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              loading={members.isPending}
              placeholder="Choose people of the team"
              aria-label="Named approvers"
              options={(members.data ?? [])
                .filter((member) => member.Active)
                .map((member) => ({ value: member.UserProfileId, label: `${member.FirstName} ${member.LastName}` }))}
            />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save policy
        </Button>
      </Form>
    </Card>
  );
};
