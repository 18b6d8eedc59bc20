import { Card } from 'antd';
import { AccountSettingsForm } from '../../features/account/components/account-settings-form.tsx';
import { useTenant } from '../../shared/api/identity.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

/** /account/settings: the tenant's name and details. */
export const AccountSettingsPage = () => {
  const tenant = useTenant();
  return (
    <>
      <PageHeader title="Account Settings" subtitle="Your company account." />
      <Card>
        {tenant.isPending ? (
          <LoadingState />
        ) : tenant.isError ? (
          <ErrorState error={tenant.error} onRetry={() => void tenant.refetch()} />
        ) : (
          <AccountSettingsForm key={tenant.data.Id} tenant={tenant.data} />
        )}
      </Card>
    </>
  );
};
