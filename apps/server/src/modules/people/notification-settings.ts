import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, NotificationSettingsSchema } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { mergeNotificationSetting, readNotificationSettings, writeNotificationSettings } from './people.repository.ts';

/** Stored choices over the defaults; unknown or malformed stored keys are ignored. */
export const withDefaults = (stored: Record<string, unknown>): NotificationSettings => {
  const parsed = NotificationSettingsSchema.partial().safeParse(stored);
  return { ...DEFAULT_NOTIFICATION_SETTINGS, ...(parsed.success ? parsed.data : {}) };
};

export const getNotificationSettings = async (ctx: AppContext, auth: AuthContext): Promise<NotificationSettings> => {
  const stored = await readNotificationSettings(ctx.db, auth.tenantId, auth.userId);
  if (!stored) throw notFound('Your profile');
  return withDefaults(stored);
};

export const saveNotificationSettings = async (
  ctx: AppContext,
  auth: AuthContext,
  settings: NotificationSettings,
): Promise<NotificationSettings> => {
  await writeNotificationSettings(ctx.db, auth.tenantId, auth.userId, settings, ctx.clock.now());
  return getNotificationSettings(ctx, auth);
};

/** Turns one choice on or off in one statement (the one-click unsubscribe link); false when the person does not exist. */
export const setNotificationChoice = (
  db: Db,
  tenantId: string,
  userId: string,
  choice: keyof NotificationSettings,
  value: boolean,
  now: Date,
): Promise<boolean> => mergeNotificationSetting(db, tenantId, userId, choice, value, now);
