import { playbookRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { playbookKeys } from '../../../shared/api/query-keys.ts';

export const usePlays = () => useQuery({ queryKey: playbookKeys.list(), queryFn: () => callApi(playbookRoutes.list, {}) });

export const usePlayPreview = (playId: string | null) =>
  useQuery({
    queryKey: playbookKeys.preview(playId ?? ''),
    queryFn: () => callApi(playbookRoutes.preview, { MarketingPlanId: playId ?? '' }),
    enabled: playId !== null,
  });
