import { PlusOutlined } from '@ant-design/icons';
import type { TeamView } from '@plansmith/contract';
import { Button, Card, Col, Row } from 'antd';
import { useState } from 'react';
import { useTeamViews } from '../../features/teams/api/team-queries.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { lazyModal } from '../../shared/ui/lazy-modal.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

const TeamsTable = lazyPart(async () => (await import('../../features/teams/components/teams-table.tsx')).TeamsTable);
const TeamMembersPanel = lazyPart(async () => (await import('../../features/teams/components/team-members-panel.tsx')).TeamMembersPanel);
const ApprovalPolicyCard = lazyPart(
  async () => (await import('../../features/approvals/components/approval-policy-card.tsx')).ApprovalPolicyCard,
);

const TeamFormModal = lazyModal(
  async () => (await import('../../features/teams/components/team-form-modal.tsx')).TeamFormModal,
  (props) => props.open,
);

/** /account/teams (Owners and Admins): teams, their members and roles (DESIGN.md §6). */
export const TeamsPage = () => {
  const teams = useTeamViews();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ team: TeamView | null } | null>(null);
  const selected = teams.data?.find((team) => team.Id === selectedId) ?? teams.data?.[0] ?? null;

  return (
    <>
      <PageHeader
        title="Teams"
        subtitle="Teams own plans. Leads manage a team’s plans and members, Planners edit budgets and expenses, Viewers read."
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ team: null })}>
            New team
          </Button>
        }
      />
      {teams.isPending ? (
        <LoadingState label="Loading teams…" />
      ) : teams.isError ? (
        <ErrorState error={teams.error} onRetry={() => void teams.refetch()} />
      ) : teams.data.length === 0 ? (
        <Card>
          <EmptyState
            description="No teams yet. Create one to start planning."
            action={
              <Button type="primary" onClick={() => setEditing({ team: null })}>
                Create your first team
              </Button>
            }
          />
        </Card>
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={10}>
            <Card title="Teams">
              <TeamsTable
                teams={teams.data}
                selectedId={selected?.Id ?? null}
                onSelect={setSelectedId}
                onEdit={(team) => setEditing({ team })}
                canManage
              />
            </Card>
          </Col>
          <Col xs={24} xl={14}>
            {selected ? <TeamMembersPanel key={selected.Id} team={selected} canManage /> : null}
            {/* This screen is the Owners' and Admins': they may always set a team's approval policy. */}
            {selected ? (
              <div style={{ marginTop: 24 }}>
                <ApprovalPolicyCard key={selected.Id} team={selected} canEdit />
              </div>
            ) : null}
          </Col>
        </Row>
      )}
      <TeamFormModal open={editing !== null} team={editing?.team ?? null} onClose={() => setEditing(null)} />
    </>
  );
};
