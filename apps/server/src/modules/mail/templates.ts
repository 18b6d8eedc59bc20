import { renderMail, type RenderedMail } from './mail-layout.ts';

/**
 * The e-mails Plansmith sends, each with an HTML and a plain-text body (renderMail).
 * Every url must be built from PUBLIC_URL (see buildPublicUrl), never from a request's Host.
 */

/** A link on the public site: PUBLIC_URL + path + query. */
export const buildPublicUrl = (publicUrl: string, path: string, query: Record<string, string> = {}): string => {
  const url = new URL(path, `${publicUrl.replace(/\/+$/, '')}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
};

export const renderInvitationMail = (input: { firstName: string; inviterName: string; companyName: string; url: string }): RenderedMail =>
  renderMail({
    subject: `${input.inviterName} invited you to ${input.companyName} on Plansmith`,
    heading: `Join ${input.companyName} on Plansmith`,
    paragraphs: [
      `Hi ${input.firstName},`,
      `${input.inviterName} has invited you to plan marketing budgets, track expenses and report on results with ${input.companyName} on Plansmith.`,
      'Accept the invitation to choose your password and sign in.',
    ],
    action: { label: 'Accept invitation', url: input.url },
    footnote: 'This invitation works once and expires in 7 days. If you were not expecting it, you can ignore this email.',
  });

export const renderRecoveryMail = (input: { firstName: string; url: string }): RenderedMail =>
  renderMail({
    subject: 'Reset your Plansmith password',
    heading: 'Choose a new password',
    paragraphs: [
      `Hi ${input.firstName},`,
      'Someone asked to reset the password of your Plansmith account. If it was you, choose a new password with the button below.',
      'When you set it, every device signed in to your account is signed out.',
    ],
    action: { label: 'Reset password', url: input.url },
    footnote: 'This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
  });

/** For the sign-up (registration) flow: the e-mail verification link, valid 24 hours. */
export const renderVerificationMail = (input: { firstName: string; url: string }): RenderedMail =>
  renderMail({
    subject: 'Verify your email for Plansmith',
    heading: 'Verify your email address',
    paragraphs: [
      `Hi ${input.firstName},`,
      'Thanks for signing up for Plansmith. Confirm this is your email address to set your password and continue.',
    ],
    action: { label: 'Verify email', url: input.url },
    footnote: 'This link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
  });
