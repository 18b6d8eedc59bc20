import { type Lookup, LOOKUP_TYPE_FUNNEL_STAGE, LOOKUP_TYPE_GL_CODE, lookupRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const lookupKeys = {
  all: ['lookups'] as const,
  list: () => [...lookupKeys.all, 'list'] as const,
};

/** The tenant's lookups (GL codes, funnel stages); `enabled: false` holds the request back until they are needed. */
export const useLookups = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: lookupKeys.list(), queryFn: () => callApi(lookupRoutes.getLookupInformation, {}), enabled });

export const glCodesOf = (lookups: readonly Lookup[] | undefined): Lookup[] =>
  (lookups ?? []).filter((entry) => entry.LookupType === LOOKUP_TYPE_GL_CODE);
export const funnelStagesOf = (lookups: readonly Lookup[] | undefined): Lookup[] =>
  (lookups ?? []).filter((entry) => entry.LookupType === LOOKUP_TYPE_FUNNEL_STAGE);
