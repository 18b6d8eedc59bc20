import { UserAddOutlined } from '@ant-design/icons';
import type { Person } from '@plansmith/contract';
import { Button, Card, Segmented } from 'antd';
import { useState } from 'react';
import { useProfile } from '../../shared/api/identity.ts';
import { type PeopleFilter, usePeople } from '../../features/people/api/people-queries.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { lazyModal } from '../../shared/ui/lazy-modal.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

const PeopleTable = lazyPart(async () => (await import('../../features/people/components/people-table.tsx')).PeopleTable);

const InvitePersonModal = lazyModal(
  async () => (await import('../../features/people/components/invite-person-modal.tsx')).InvitePersonModal,
  (props) => props.open,
);

const EditPersonModal = lazyModal(
  async () => (await import('../../features/people/components/edit-person-modal.tsx')).EditPersonModal,
  (props) => props.person !== null,
);

const FILTERS: { value: PeopleFilter; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** /account/people (Owners and Admins): people, invitations, activation and account roles. */
export const PeoplePage = () => {
  const profile = useProfile();
  const [filter, setFilter] = useState<PeopleFilter>('all');
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Person | null>(null);
  const people = usePeople(filter);
  const callerRole = profile.data?.TenantRole;

  return (
    <>
      <PageHeader
        title="People"
        subtitle="Invite people by email, change their account role, and deactivate those who leave."
        actions={
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
            Invite person
          </Button>
        }
      />
      <Card>
        <Segmented<PeopleFilter> options={FILTERS} value={filter} onChange={setFilter} style={{ marginBottom: 16 }} aria-label="Show" />
        {people.isPending ? (
          <LoadingState label="Loading people…" />
        ) : people.isError ? (
          <ErrorState error={people.error} onRetry={() => void people.refetch()} />
        ) : people.data.length === 0 ? (
          <EmptyState description={filter === 'inactive' ? 'Nobody is deactivated.' : 'No people here yet.'} />
        ) : (
          <PeopleTable people={people.data} callerId={profile.data?.Id} callerRole={callerRole} onEdit={setEditing} />
        )}
      </Card>
      <InvitePersonModal open={inviting} callerRole={callerRole} onClose={() => setInviting(false)} />
      <EditPersonModal person={editing} callerRole={callerRole} callerId={profile.data?.Id} onClose={() => setEditing(null)} />
    </>
  );
};
