import { Flex } from 'antd';
import { usePeople } from '../../features/people/api/people-queries.ts';
import { PlanGate } from '../plan-gate.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

// The table, filters and retention form load beside the page's data, not in its first download
// (antd's Table and Select kept /account/audit over its first-load budget: 390 KB brotli of 350).
const AuditLog = lazyPart(async () => (await import('../../features/audit/components/audit-log.tsx')).AuditLog);
const AuditRetention = lazyPart(async () => (await import('../../features/audit/components/audit-log.tsx')).AuditRetention, null);

/** /account/audit (Owners and Admins of an Enterprise account, DESIGN.md §18): every change and security event. */
export const AuditPage = () => (
  <PlanGate
    name="audit"
    plans={['enterprise']}
    header={
      <PageHeader
        title="Audit log"
        subtitle="Every change to plans, budget items, expenses, categories and objectives, and every security event: sign-ins, failed sign-ins, password changes, role changes, API tokens, single sign-on and webhooks."
      />
    }
  >
    <AuditContent />
  </PlanGate>
);

const AuditContent = () => {
  const people = usePeople('all');
  const persons = (people.data ?? []).map((person) => ({ id: person.Id, name: `${person.FirstName} ${person.LastName}`.trim() }));
  return (
    <Flex vertical gap={16}>
      <AuditLog people={persons} />
      <AuditRetention />
    </Flex>
  );
};
