import { guestRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const guestKeys = { summary: (shareKey: string) => ['guest', 'plan-summary', shareKey] as const };

export const useGuestPlanSummary = (shareKey: string) =>
  useQuery({
    queryKey: guestKeys.summary(shareKey),
    queryFn: () => callApi(guestRoutes.getGuestPlanSummary, { ShareKey: shareKey }),
  });
