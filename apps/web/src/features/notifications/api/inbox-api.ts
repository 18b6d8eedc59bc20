import { notificationRoutes } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const inboxKeys = {
  all: ['inbox'] as const,
  list: (unreadOnly: boolean) => ['inbox', 'list', { unreadOnly }] as const,
  unreadCount: () => ['inbox', 'unread-count'] as const,
};

/** The bell's count: asked again every minute and when the window regains focus. */
export const useUnreadCount = (enabled = true) =>
  useQuery({
    queryKey: inboxKeys.unreadCount(),
    queryFn: () => callApi(notificationRoutes.getUnreadCount, {}),
    enabled,
    refetchInterval: 60_000,
  });

export const useInbox = (unreadOnly: boolean) =>
  useQuery({ queryKey: inboxKeys.list(unreadOnly), queryFn: () => callApi(notificationRoutes.list, { UnreadOnly: unreadOnly }) });

export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => callApi(notificationRoutes.markRead, { NotificationId: notificationId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
};

export const useMarkAllRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(notificationRoutes.markAllRead, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
};
