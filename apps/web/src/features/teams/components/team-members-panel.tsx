import { UserAddOutlined } from '@ant-design/icons';
import { type TeamMember, type TeamRoleId, teamRoleName, type TeamView } from '@plansmith/contract';
import { App, Button, Card, Flex, Form, Select, Table, Tag, Typography } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { useChangeTeamMember } from '../api/team-mutations.ts';
import { useTeamMembers, useTeamPeople, useTeamRoles } from '../api/team-queries.ts';

type AddValues = { userId: string; teamRoleId: TeamRoleId };

/** The members of one team with their roles; Owners, Admins and the team's Leads change them. */
export const TeamMembersPanel = ({ team, canManage }: { team: TeamView; canManage: boolean }) => {
  const { message, modal } = App.useApp();
  const members = useTeamMembers(team.Id);
  const roles = useTeamRoles();
  const people = useTeamPeople(canManage);
  const change = useChangeTeamMember();
  const [form] = Form.useForm<AddValues>();

  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.Id, label: role.Name, title: role.Description }));
  const memberIds = new Set((members.data ?? []).map((m) => m.UserProfileId));
  const candidates = (people.data ?? []).filter((person) => person.Active && !memberIds.has(person.Id));

  const run = (input: Parameters<typeof change.mutate>[0], done: string) =>
    change.mutate(input, {
      onSuccess: () => void message.success(done),
      onError: (error) => void message.error(errorMessage(error)),
    });

  const add = (values: AddValues) => {
    const person = candidates.find((p) => p.Id === values.userId);
    run(
      { TeamId: team.Id, UserProfileId: values.userId, TeamRoleId: values.teamRoleId, Add: true },
      `${person?.FirstName ?? 'The person'} was added to ${team.Name}.`,
    );
    form.resetFields(['userId']);
  };

  return (
    <Card title={`Members of ${team.Name}`} aria-label={`Members of ${team.Name}`}>
      {canManage ? (
        <Form form={form} layout="inline" onFinish={add} initialValues={{ teamRoleId: 2 }} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="userId" label="Person" rules={[{ required: true, message: 'Please choose a person!' }]}>
            <Select
              style={{ width: 240 }}
              showSearch
              optionFilterProp="label"
              loading={people.isPending}
              placeholder="Choose a person"
              notFoundContent={people.isError ? 'People could not be loaded.' : 'Everyone is already in this team.'}
              options={candidates.map((p) => ({ value: p.Id, label: `${p.FirstName} ${p.LastName} (${p.Email})` }))}
            />
          </Form.Item>
          <Form.Item name="teamRoleId" label="Role">
            <Select style={{ width: 130 }} options={roleOptions} aria-label="Role of the new member" />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<UserAddOutlined />} loading={change.isPending}>
            Add member
          </Button>
        </Form>
      ) : null}
      {members.isPending ? (
        <LoadingState label="Loading members…" />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.length === 0 ? (
        <EmptyState description="This team has no members yet." />
      ) : (
        <Table<TeamMember>
          rowKey="UserProfileId"
          dataSource={members.data}
          pagination={false}
          size="small"
          scroll={{ x: 560 }}
          columns={[
            {
              title: 'Name',
              key: 'name',
              fixed: 'left',
              width: 200,
              render: (_, m) => (
                <Flex vertical>
                  <Typography.Text>
                    {m.FirstName} {m.LastName} {m.Active ? null : <Tag>Inactive</Tag>}
                  </Typography.Text>
                  <Typography.Text type="secondary">{m.Email}</Typography.Text>
                </Flex>
              ),
            },
            {
              title: 'Role',
              dataIndex: 'TeamRoleId',
              width: 160,
              render: (roleId: TeamRoleId, m) =>
                canManage ? (
                  <Select
                    aria-label={`Role of ${m.FirstName} ${m.LastName}`}
                    value={roleId}
                    style={{ width: 130 }}
                    options={roleOptions}
                    onChange={(next: TeamRoleId) =>
                      // A role change asks first: it changes what the person may do at once (DESIGN.md §12).
                      modal.confirm({
                        title: `Make ${m.FirstName} ${m.LastName} ${teamRoleName(next)} of ${team.Name}?`,
                        content: `${teamRoleName(roleId)} → ${teamRoleName(next)}. ${roles.data?.find((role) => role.Id === next)?.Description ?? ''}`,
                        okText: `Make ${teamRoleName(next)}`,
                        onOk: () =>
                          run(
                            { TeamId: team.Id, UserProfileId: m.UserProfileId, TeamRoleId: next, Update: true },
                            `${m.FirstName} is now ${teamRoleName(next)}.`,
                          ),
                      })
                    }
                  />
                ) : (
                  teamRoleName(roleId)
                ),
            },
            ...(canManage
              ? [
                  {
                    title: 'Actions',
                    key: 'remove',
                    width: 100,
                    render: (_: unknown, m: TeamMember) => (
                      <Button
                        size="small"
                        danger
                        aria-label={`Remove ${m.FirstName} ${m.LastName} from ${team.Name}`}
                        onClick={() =>
                          modal.confirm({
                            title: `Remove ${m.FirstName} ${m.LastName} from ${team.Name}?`,
                            content: `They lose access to ${team.Name}’s plans at once. You can add them again later.`,
                            okText: 'Remove',
                            okButtonProps: { danger: true },
                            onOk: () =>
                              run({ TeamId: team.Id, UserProfileId: m.UserProfileId }, `${m.FirstName} was removed from ${team.Name}.`),
                          })
                        }
                      >
                        Remove
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Card>
  );
};
