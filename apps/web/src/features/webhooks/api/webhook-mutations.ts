import { type Webhook, type WebhookSaveRequest, webhookRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { webhookKeys } from './webhook-queries.ts';

export const useSaveWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookSaveRequest) => callApi(webhookRoutes.save, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
};

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hook: Pick<Webhook, 'Id' | 'Version'>) => callApi(webhookRoutes.delete, { Id: hook.Id, Version: hook.Version }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
};

/** Sends a `ping` now; the list (its last delivery) and the hook's log change. */
export const useTestWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => callApi(webhookRoutes.test, { Id: webhookId }),
    onSuccess: (_, webhookId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
      ]),
  });
};

/** "Keep theirs" after a 409: the hook as it is now goes into the list without a refetch. */
export const useKeepTheirWebhook = () => {
  const queryClient = useQueryClient();
  return (current: Webhook) =>
    queryClient.setQueryData<Webhook[]>(webhookKeys.list(), (hooks) => hooks?.map((hook) => (hook.Id === current.Id ? current : hook)));
};
