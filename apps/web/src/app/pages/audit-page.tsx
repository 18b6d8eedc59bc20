import { Flex } from 'antd';
import { lazy, Suspense } from 'react';
import { usePeople } from '../../features/people/api/people-queries.ts';
import { useTenant } from '../../shared/api/identity.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';

// The table, filters and retention form load beside the page's data, not in its first download
// (antd's Table and Select kept /account/audit over its first-load budget: 390 KB brotli of 350).
const AuditLog = lazyPart(async () => (await import('../../features/audit/components/audit-log.tsx')).AuditLog);
const AuditRetention = lazyPart(async () => (await import('../../features/audit/components/audit-log.tsx')).AuditRetention, null);
// Drawn only on another plan: the closed area every plan-gated page shows (the Owner's upgrade link, or whom to ask).
const ClosedArea = lazy(async () => ({ default: (await import('../closed-area.tsx')).ClosedArea }));

/** /account/audit (Owners and Admins of an Enterprise account, DESIGN.md §18): every change and security event. */
export const AuditPage = () => {
  const tenant = useTenant();
  const people = usePeople('all');
  const header = (
    <PageHeader
      title="Audit log"
      subtitle="Every change to plans, budget items, expenses, categories and objectives, and every security event: sign-ins, failed sign-ins, password changes, role changes, API tokens, single sign-on and webhooks."
    />
  );
  if (tenant.isPending) return <LoadingState />;
  if (tenant.isError) return <ErrorState error={tenant.error} onRetry={() => void tenant.refetch()} />;
  if (tenant.data.PlanCode !== 'enterprise') {
    return (
      <>
        {header}
        <Suspense fallback={<LoadingState />}>
          <ClosedArea name="audit" plans={['enterprise']} />
        </Suspense>
      </>
    );
  }
  const persons = (people.data ?? []).map((person) => ({ id: person.Id, name: `${person.FirstName} ${person.LastName}`.trim() }));
  return (
    <>
      {header}
      <Flex vertical gap={16}>
        <AuditLog people={persons} />
        <AuditRetention />
      </Flex>
    </>
  );
};
