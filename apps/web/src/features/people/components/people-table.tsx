import type { Person, TenantRole } from '@plansmith/contract';
import { App, Button, Flex, Space, Table, Tag, Typography } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatInstantDay } from '../../../shared/format/dates.ts';
import { useSavePerson, useSendInvitation } from '../api/people-mutations.ts';

const STATUS_COLORS: Record<Person['Status'], string> = { Active: 'green', Invited: 'gold', Inactive: 'default' };

/** The tenant's people with status, role and the actions an admin takes on them. */
export const PeopleTable = ({
  people,
  callerId,
  callerRole,
  onEdit,
}: {
  people: Person[];
  callerId: string | undefined;
  callerRole: TenantRole | undefined;
  onEdit: (person: Person) => void;
}) => {
  const { message, modal } = App.useApp();
  const resend = useSendInvitation();
  const save = useSavePerson();

  const sendAgain = (person: Person) =>
    resend.mutate(person.Id, {
      onSuccess: (result) => void message.success(`Invitation sent to ${result.Email}. Any earlier link no longer works.`),
      onError: (error) => void message.error(errorMessage(error)),
    });

  const setActive = (person: Person, active: boolean) => {
    const apply = () =>
      save.mutateAsync({ Id: person.Id, FirstName: person.FirstName, LastName: person.LastName, Active: active }).then(
        () => void message.success(`${person.FirstName} ${person.LastName} was ${active ? 'reactivated' : 'deactivated'}.`),
        (error: unknown) => void message.error(errorMessage(error)),
      );
    if (active) return void apply();
    modal.confirm({
      title: `Deactivate ${person.FirstName} ${person.LastName}?`,
      content: 'They are signed out everywhere at once and cannot sign in until reactivated. Their work stays.',
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      onOk: apply,
    });
  };

  const mayChange = (person: Person) => person.TenantRole !== 'Owner' || callerRole === 'Owner';

  return (
    <Table<Person>
      rowKey="Id"
      dataSource={people}
      pagination={people.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      // On phones the table scrolls sideways with names fixed, instead of squeezing them letter by letter.
      scroll={{ x: 720 }}
      columns={[
        {
          title: 'Name',
          key: 'name',
          fixed: 'left',
          width: 220,
          render: (_, p) => (
            <Flex vertical>
              <Typography.Text strong>
                {p.FirstName} {p.LastName} {p.Id === callerId ? <Typography.Text type="secondary">(you)</Typography.Text> : null}
              </Typography.Text>
              <Typography.Text type="secondary">{p.Email}</Typography.Text>
            </Flex>
          ),
        },
        { title: 'Role', dataIndex: 'TenantRole', width: 110 },
        {
          title: 'Status',
          key: 'status',
          width: 220,
          render: (_, p) => (
            <Flex vertical gap={2}>
              <span>
                <Tag color={STATUS_COLORS[p.Status]}>{p.Status}</Tag>
              </span>
              {p.Status === 'Invited' ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {p.InvitationExpiresAt
                    ? `Invitation expires ${formatInstantDay(p.InvitationExpiresAt)}`
                    : p.InvitationSentAt
                      ? 'Invitation expired'
                      : 'Not invited yet'}
                </Typography.Text>
              ) : null}
            </Flex>
          ),
        },
        {
          title: 'Actions',
          key: 'actions',
          width: 300,
          render: (_, p) => (
            <Space wrap>
              <Button size="small" onClick={() => onEdit(p)} aria-label={`Edit ${p.FirstName} ${p.LastName}`}>
                Edit
              </Button>
              {p.Status === 'Invited' ? (
                <Button size="small" onClick={() => sendAgain(p)} loading={resend.isPending && resend.variables === p.Id}>
                  {p.InvitationSentAt ? 'Resend invitation' : 'Send invitation'}
                </Button>
              ) : null}
              {p.Id !== callerId && mayChange(p) ? (
                p.Active ? (
                  <Button size="small" danger onClick={() => setActive(p, false)} aria-label={`Deactivate ${p.FirstName} ${p.LastName}`}>
                    Deactivate
                  </Button>
                ) : (
                  <Button size="small" onClick={() => setActive(p, true)} aria-label={`Reactivate ${p.FirstName} ${p.LastName}`}>
                    Reactivate
                  </Button>
                )
              ) : null}
            </Space>
          ),
        },
      ]}
    />
  );
};
