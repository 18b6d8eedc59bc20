import { tenantRoutes, type Tenant, type UserProfile } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
// The flags live on the profile and tenant the shell already loads (identity feature's keys).
import { identityKeys } from '../../../shared/api/query-keys.ts';

/** Records that the new-user tour was finished or closed (UserProfileClient/MySave MetaData). */
export const useCompleteUserTour = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: UserProfile) =>
      callApi(tenantRoutes.mySave, { FirstName: profile.FirstName, LastName: profile.LastName, MetaData: { CompletedNewUserTour: true } }),
    onSuccess: (profile) => queryClient.setQueryData(identityKeys.profile(), profile),
  });
};

/** Records that the new-account setup was finished or closed (TenantClient/Save MetaData). */
export const useCompleteAccountSetup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tenant: Tenant) => callApi(tenantRoutes.saveTenant, { Name: tenant.Name, MetaData: { CompletedNewAccountSetup: true } }),
    onSuccess: (tenant) => queryClient.setQueryData(identityKeys.tenant(), tenant),
  });
};
