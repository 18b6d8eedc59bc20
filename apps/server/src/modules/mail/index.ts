// The mail module as other modules and the app see it; everything else in this folder is private.
export { renderMail } from './mail-layout.ts';
export { enqueueMail } from './mail-outbox.ts';
export { type MailOptions, registerMail } from './mail.plugin.ts';
export { registerMailboxRoutes } from './mailbox.routes.ts';
export { buildPublicUrl, renderInvitationMail, renderRecoveryMail, renderVerificationMail } from './templates.ts';
