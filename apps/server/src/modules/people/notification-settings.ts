import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, NotificationSettingsSchema } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { isLeadOfAnyTeam, mergeNotificationSetting, readNotificationSettings, writeNotificationSettings } from './people.repository.ts';

/**
 * Stored choices over the defaults; unknown or malformed stored keys are ignored. The weekly digest
 * is on by default for the Leads of a team (issue 28 C2) until they choose otherwise.
 */
export const withDefaults = (stored: Record<string, unknown>, person: { isLead?: boolean } = {}): NotificationSettings => {
  const parsed = NotificationSettingsSchema.partial().safeParse(stored);
  const defaults = {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    WeeklySummary: person.isLead === true || DEFAULT_NOTIFICATION_SETTINGS.WeeklySummary,
  };
  return { ...defaults, ...(parsed.success ? parsed.data : {}) };
};

export const getNotificationSettings = async (ctx: AppContext, auth: AuthContext): Promise<NotificationSettings> => {
  const stored = await readNotificationSettings(ctx.db, auth.tenantId, auth.userId);
  if (!stored) throw notFound('Your profile');
  return withDefaults(stored, { isLead: await isLeadOfAnyTeam(ctx.db, auth.tenantId, auth.userId) });
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
