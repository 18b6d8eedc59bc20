import { TEAM_ROLE_PLANNER, TEAM_ROLES, type TeamRoleId, type TenantRole } from '@plansmith/contract';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useMyTeams } from '../../../shared/api/my-teams.ts';
import { useInvitePerson } from '../api/people-mutations.ts';
import { roleOptionsFor } from './role-options.ts';
import { PersonNameFields } from './person-name-fields.tsx';

type InviteValues = { firstName: string; lastName: string; email: string; role: TenantRole; teamId?: string; teamRoleId: TeamRoleId };

/** Adds a person to the account and mails them an invitation link valid for 7 days. */
export const InvitePersonModal = ({
  open,
  callerRole,
  onClose,
}: {
  open: boolean;
  callerRole: TenantRole | undefined;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<InviteValues>();
  const invite = useInvitePerson();
  const { message } = App.useApp();
  const teams = useMyTeams();
  // The invitee lands in a team (DESIGN.md §12): the first one is suggested when the account has any.
  const firstTeamId = teams.data?.[0]?.Id;
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({ teamId: firstTeamId });
      invite.reset();
    }
  }, [open, form, invite.reset, firstTeamId]);

  const submit = (values: InviteValues) =>
    invite.mutate(
      {
        FirstName: values.firstName.trim(),
        LastName: values.lastName.trim(),
        Email: values.email.trim(),
        TenantRole: values.role,
        ...(values.teamId ? { TeamId: values.teamId, TeamRoleId: values.teamRoleId } : {}),
      },
      {
        onSuccess: (result) => {
          void message.success(`Invitation sent to ${result.Email}.`);
          onClose();
        },
      },
    );

  return (
    <Modal
      open={open}
      title="Invite a person"
      okText="Send invitation"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={invite.isPending}
      destroyOnHidden
    >
      {invite.isError ? (
        <Alert type="error" showIcon message={errorMessage(invite.error)} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ role: 'Member', teamRoleId: TEAM_ROLE_PLANNER }}
      >
        <PersonNameFields />
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Please enter an email address!' },
            { type: 'email', message: 'Please provide a valid email address!' },
          ]}
          extra="The invitation link is mailed here and works for 7 days."
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Account role" name="role">
          <Select options={roleOptionsFor(callerRole)} />
        </Form.Item>
        <Form.Item
          label="Team"
          name="teamId"
          extra="The team the person lands in when they accept; leave empty to add them to teams later."
        >
          <Select
            allowClear
            placeholder="No team yet"
            loading={teams.isPending}
            options={(teams.data ?? []).map((team) => ({ value: team.Id, label: team.Name }))}
          />
        </Form.Item>
        <Form.Item label="Team role" name="teamRoleId">
          <Select options={TEAM_ROLES.map((role) => ({ value: role.Id, label: `${role.Name} — ${role.Description}` }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
