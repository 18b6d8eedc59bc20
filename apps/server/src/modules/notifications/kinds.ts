import type { CommentEntityType, NotificationSettings } from '@plansmith/contract';
import { DEFAULT_MONEY_FORMAT, formatMinor, type MoneyFormat } from '@plansmith/contract/display-format';
import { buildPublicUrl } from '../mail/index.ts';

/** The mails a person can stop with one link, each tied to one of their notification choices. */
export const NOTIFICATION_KINDS = {
  overspend: { setting: 'BudgetThresholds', label: 'overspend alerts' },
  mention: { setting: 'Mentions', label: 'mention e-mails' },
  comment: { setting: 'CommentsOnMyPlans', label: 'e-mails about comments on your teams’ plans' },
  team: { setting: 'TeamChanges', label: 'team change e-mails' },
  digest: { setting: 'WeeklySummary', label: 'the weekly digest' },
  approval: { setting: 'Approvals', label: 'approval e-mails' },
  closeReminder: { setting: 'MonthClose', label: 'month-close reminders' },
} as const satisfies Record<string, { setting: keyof NotificationSettings; label: string }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export const isNotificationKind = (value: string): value is NotificationKind => Object.hasOwn(NOTIFICATION_KINDS, value);

const ENTITY_PATHS: Record<CommentEntityType, string> = {
  MarketingPlan: '/plans',
  BudgetItem: '/budget',
  Expense: '/expenses',
  Objective: '/objectives',
};

/** The app's path of a plan, budget item, expense or objective (the inbox links to it). */
export const entityPath = (entityType: CommentEntityType, entityId: string): string => `${ENTITY_PATHS[entityType]}/${entityId}`;

/** The page of a plan, budget item, expense or objective on the public site (PUBLIC_URL). */
export const entityUrl = (publicUrl: string, entityType: CommentEntityType, entityId: string): string =>
  buildPublicUrl(publicUrl, `${ENTITY_PATHS[entityType]}/${entityId}`);

/**
 * Minor units of the tenant's base currency as `format` reads them (the contract's one formatter): a
 * mail or inbox entry passes its reader's (readerFormats); en-US USD when no reader is known.
 */
export const formatCents = (cents: number, format: MoneyFormat = DEFAULT_MONEY_FORMAT): string => formatMinor(cents, format);
