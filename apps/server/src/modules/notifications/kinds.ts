import type { CommentEntityType, NotificationSettings } from '@plansmith/contract';
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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatCents = (cents: number): string => usd.format(cents / 100);
