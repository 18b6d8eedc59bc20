import type { PathName, PlanCode } from '@plansmith/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTenant } from '../shared/api/identity.ts';
import { ErrorState, LoadingState } from '../shared/ui/query-state.tsx';

// Drawn only on another plan: the closed area every plan-gated page shows (the Owner's upgrade link, or whom to ask).
const ClosedArea = lazy(async () => ({ default: (await import('./closed-area.tsx')).ClosedArea }));

/**
 * A page only some plans include (the audit log and single sign-on: Enterprise; webhooks: the paid plans):
 * its header, then its content on those plans or the closed area on any other. The plan is read from the
 * account, so nothing of the page's own data is asked for on a plan that does not include it.
 */
export const PlanGate = ({
  name,
  plans,
  header,
  children,
}: {
  name: PathName;
  plans: readonly PlanCode[];
  header: ReactNode;
  children: ReactNode;
}) => {
  const tenant = useTenant();
  if (tenant.isPending) return <LoadingState />;
  if (tenant.isError) return <ErrorState error={tenant.error} onRetry={() => void tenant.refetch()} />;
  return (
    <>
      {header}
      {plans.includes(tenant.data.PlanCode) ? (
        children
      ) : (
        <Suspense fallback={<LoadingState />}>
          <ClosedArea name={name} plans={plans} />
        </Suspense>
      )}
    </>
  );
};
