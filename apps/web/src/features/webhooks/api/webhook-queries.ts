import { webhookRoutes } from '@plansmith/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (webhookId: string) => [...webhookKeys.all, 'deliveries', webhookId] as const,
  deliveryPage: (webhookId: string, page: number, pageSize: number) => [...webhookKeys.deliveries(webhookId), page, pageSize] as const,
};

/** The account's webhooks with their last delivery. */
export const useWebhooks = () => useQuery({ queryKey: webhookKeys.list(), queryFn: () => callApi(webhookRoutes.list) });

/** One page of a hook's delivery log, newest first; the previous page stays on screen while the next loads. */
export const useWebhookDeliveries = (webhookId: string, page: number, pageSize: number) =>
  useQuery({
    queryKey: webhookKeys.deliveryPage(webhookId, page, pageSize),
    queryFn: () => callApi(webhookRoutes.deliveries, { WebhookId: webhookId, Page: page, PageSize: pageSize }),
    placeholderData: keepPreviousData,
  });
