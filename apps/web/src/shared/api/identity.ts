import { PERMISSION_GRANTED, type Permission, tenantRoutes } from '@plansmith/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { identityKeys } from './query-keys.ts';

const FIVE_MINUTES = 5 * 60_000;

/** Query options shared by the hooks and the route loaders that start these requests early. */
export const profileQuery = () =>
  queryOptions({ queryKey: identityKeys.profile(), queryFn: () => callApi(tenantRoutes.getUserProfile, {}), staleTime: FIVE_MINUTES });
export const tenantQuery = () =>
  queryOptions({ queryKey: identityKeys.tenant(), queryFn: () => callApi(tenantRoutes.getTenant), staleTime: FIVE_MINUTES });
export const permissionsQuery = () =>
  queryOptions({ queryKey: identityKeys.permissions(), queryFn: () => callApi(tenantRoutes.getPermissions, {}), staleTime: FIVE_MINUTES });

export const useProfile = () => useQuery(profileQuery());
export const useTenant = () => useQuery(tenantQuery());
export const usePermissions = () => useQuery(permissionsQuery());

/**
 * A policy is granted only when its entry exists and says 1. A missing entry means no access
 * (DESIGN.md §7.6, deny by default).
 */
export const hasPolicy = (permissions: readonly Permission[] | undefined, policy: string): boolean =>
  permissions?.some((entry) => entry.Name === policy && entry.Permission === PERMISSION_GRANTED) ?? false;
