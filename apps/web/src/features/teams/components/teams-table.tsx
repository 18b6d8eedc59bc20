import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TeamView } from '@plansmith/contract';
import { App, Button, Space, Table } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ActiveTag } from '../../../shared/ui/table-cells.tsx';
import { useDeleteTeam } from '../api/team-mutations.ts';

/** The tenant's teams; clicking a row selects it to show its members. */
export const TeamsTable = ({
  teams,
  selectedId,
  onSelect,
  onEdit,
  canManage,
}: {
  teams: TeamView[];
  selectedId: string | null;
  onSelect: (teamId: string) => void;
  onEdit: (team: TeamView) => void;
  canManage: boolean;
}) => {
  const { modal, message } = App.useApp();
  const remove = useDeleteTeam();
  const confirmDelete = (team: TeamView) =>
    modal.confirm({
      title: `Delete ${team.Name}?`,
      content: 'Its members lose access to it. A team that still has plans cannot be deleted.',
      okText: 'Delete team',
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync(team).then(
          () => void message.success(`${team.Name} was deleted.`),
          (error: unknown) => void message.error(errorMessage(error)),
        ),
    });

  return (
    <Table<TeamView>
      rowKey="Id"
      dataSource={teams}
      pagination={teams.length > 20 ? { pageSize: 20 } : false}
      size="middle"
      onRow={(team) => ({ onClick: () => onSelect(team.Id), style: { cursor: 'pointer' } })}
      rowClassName={(team) => (team.Id === selectedId ? 'ant-table-row-selected' : '')}
      scroll={{ x: 560 }}
      columns={[
        {
          title: 'Team',
          dataIndex: 'Name',
          fixed: 'left',
          width: 200,
          render: (name: string, team) => (
            <Button type="link" style={{ padding: 0 }} onClick={() => onSelect(team.Id)} aria-pressed={team.Id === selectedId}>
              {name}
            </Button>
          ),
        },
        { title: 'Members', dataIndex: 'MemberCount', width: 100, align: 'right' },
        {
          title: 'Status',
          dataIndex: 'Active',
          width: 100,
          render: (active: boolean) => <ActiveTag active={active} />,
        },
        ...(canManage
          ? [
              {
                title: 'Actions',
                key: 'actions',
                width: 110,
                render: (_: unknown, team: TeamView) => (
                  <Space onClick={(event) => event.stopPropagation()}>
                    <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${team.Name}`} onClick={() => onEdit(team)} />
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Delete ${team.Name}`}
                      onClick={() => confirmDelete(team)}
                    />
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );
};
