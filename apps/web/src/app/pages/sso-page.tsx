import { lazy, Suspense } from 'react';
import { useTenant } from '../../shared/api/identity.ts';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

// The form (antd's Form, Select, Switch) loads beside the page's data, not in its first download
// (it kept /account/sso over its first-load budget: 354 KB brotli of 350).
const SsoSettingsForm = lazyPart(async () => (await import('../../features/sso/components/sso-settings-form.tsx')).SsoSettingsForm);

// Drawn only on another plan: the closed area every plan-gated page shows (the Owner's upgrade link, or whom to ask).
const ClosedArea = lazy(async () => ({ default: (await import('../closed-area.tsx')).ClosedArea }));

/** /account/sso (Owners and Admins of an Enterprise account, DESIGN.md §18): sign in through the company's identity provider. */
export const SsoPage = () => {
  const tenant = useTenant();
  const header = (
    <PageHeader
      title="Single sign-on"
      subtitle="Your people sign in through your identity provider (OpenID Connect): Okta, Microsoft Entra ID, Google Workspace, Keycloak and others."
    />
  );
  if (tenant.isPending) return <LoadingState />;
  if (tenant.isError) return <ErrorState error={tenant.error} onRetry={() => void tenant.refetch()} />;
  if (tenant.data.PlanCode !== 'enterprise') {
    return (
      <>
        {header}
        <Suspense fallback={<LoadingState />}>
          <ClosedArea name="sso" plans={['enterprise']} />
        </Suspense>
      </>
    );
  }
  return (
    <>
      {header}
      <SsoSettingsForm />
    </>
  );
};
