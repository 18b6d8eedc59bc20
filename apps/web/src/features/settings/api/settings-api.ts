import {
  CLIENT_ID,
  identityRoutes,
  type Locale,
  type NotificationSettings,
  notificationRoutes,
  peopleRoutes,
  tenantRoutes,
} from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { saveTokens } from '../../../shared/api/session.ts';
// The profile the shell shows lives under the identity feature's key; saving updates it in place.
import { identityKeys } from '../../../shared/api/query-keys.ts';

export const settingsKeys = {
  notifications: () => ['settings', 'notifications'] as const,
};

export const useSaveMyProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { FirstName: string; LastName: string; Locale?: Locale }) => callApi(tenantRoutes.mySave, input),
    onSuccess: (profile) => queryClient.setQueryData(identityKeys.profile(), profile),
  });
};

/** Changes the password; the server ends every other session and hands this one new tokens. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      callApi(identityRoutes.changePassword, {
        CurrentPassword: input.currentPassword,
        NewPassword: input.newPassword,
        ClientId: CLIENT_ID,
      }),
    onSuccess: (tokens) => saveTokens(tokens),
  });

export const useNotificationSettings = () =>
  useQuery({ queryKey: settingsKeys.notifications(), queryFn: () => callApi(peopleRoutes.getNotificationSettings, {}) });

export const useSaveNotificationSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => callApi(peopleRoutes.saveNotificationSettings, settings),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.notifications(), settings),
  });
};

/** "Send me one now": this week's digest mailed to the caller at once, as a preview. */
export const useSendDigestPreview = () => useMutation({ mutationFn: () => callApi(notificationRoutes.sendDigestPreview, {}) });
