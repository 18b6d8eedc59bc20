import { PERMISSION_GRANTED, type Permission, tenantRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { identityKeys } from './query-keys.ts';

const FIVE_MINUTES = 5 * 60_000;

export const useProfile = () =>
  useQuery({ queryKey: identityKeys.profile(), queryFn: () => callApi(tenantRoutes.getUserProfile, {}), staleTime: FIVE_MINUTES });

export const useTenant = () =>
  useQuery({ queryKey: identityKeys.tenant(), queryFn: () => callApi(tenantRoutes.getTenant), staleTime: FIVE_MINUTES });

export const usePermissions = () =>
  useQuery({ queryKey: identityKeys.permissions(), queryFn: () => callApi(tenantRoutes.getPermissions, {}), staleTime: FIVE_MINUTES });

/**
 * A policy is granted only when its entry exists and says 1. A missing entry means no access
 * (DESIGN.md §7.6, deny by default).
 */
export const hasPolicy = (permissions: readonly Permission[] | undefined, policy: string): boolean =>
  permissions?.some((entry) => entry.Name === policy && entry.Permission === PERMISSION_GRANTED) ?? false;
