import { PlanGate } from '../plan-gate.tsx';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

// The form (antd's Form, Select, Switch) loads beside the page's data, not in its first download
// (it kept /account/sso over its first-load budget: 354 KB brotli of 350).
const SsoSettingsForm = lazyPart(async () => (await import('../../features/sso/components/sso-settings-form.tsx')).SsoSettingsForm);

/** /account/sso (Owners and Admins of an Enterprise account, DESIGN.md §18): sign in through the company's identity provider. */
export const SsoPage = () => (
  <PlanGate
    name="sso"
    plans={['enterprise']}
    header={
      <PageHeader
        title="Single sign-on"
        subtitle="Your people sign in through your identity provider (OpenID Connect): Okta, Microsoft Entra ID, Google Workspace, Keycloak and others."
      />
    }
  >
    <SsoSettingsForm />
  </PlanGate>
);
