// The notifications module as other modules and the app see it; everything else in this folder is private.
export { entityUrl, formatCents, type NotificationKind } from './kinds.ts';
export { notifyComment } from './comment-notice.ts';
export { registerInboxRoutes } from './inbox.routes.ts';
export { listMentionable, notifyMentions } from './mentions.ts';
export { queueNotification, unsubscribeUrl } from './notification-mail.ts';
export { readerFormats, sharedFormat } from './reader-format.ts';
export { type OverspendCause, trackOverspend } from './overspend.ts';
export { notifyTeamChange, type TeamChange } from './team-notice.ts';
export { registerUnsubscribeRoutes } from './unsubscribe.routes.ts';
