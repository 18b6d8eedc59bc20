import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

/** One message as the worker hands it to a transport. */
export type OutgoingMail = { id: string; to: string; subject: string; html: string; text: string; headers?: Record<string, string> };

/**
 * Where mail goes (DESIGN.md §1): the outbox transport keeps messages in the database for the dev
 * mailbox; the SMTP transport hands them to a real mail server. Both are driven by the same worker.
 */
export type MailTransport = {
  kind: 'outbox' | 'smtp';
  /** Resolves when the message is accepted; rejects when it must be tried again later. */
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => Promise<void>;
};

/** The default: the message already lives in mail_outbox, where /dev/mailbox shows it. Delivery is marking it sent. */
export const createOutboxTransport = (): MailTransport => ({
  kind: 'outbox',
  send: async () => undefined,
  close: async () => undefined,
});

export const createSmtpTransport = (smtpUrl: string, from: string): MailTransport => {
  const url = new URL(smtpUrl);
  // Bounded waits, so a stuck server delays one round of the worker instead of hanging it.
  for (const [key, value] of Object.entries({ connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000' })) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.headers && Object.keys(mail.headers).length > 0 ? { headers: mail.headers } : {}),
        // The outbox id: a receiving system can drop a duplicate if a crash made us send twice.
        messageId: `<${mail.id}@plansmith>`,
      });
    },
    close: async () => {
      transporter.close();
    },
  };
};

/** SMTP when SMTP_URL is set, otherwise the outbox (dev mailbox). */
export const createMailTransport = (config: Pick<Config, 'smtpUrl' | 'mailFrom'>): MailTransport =>
  config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createOutboxTransport();

/** The dev mailbox exists only with the outbox transport, and never in production. */
export const isDevMailboxEnabled = (config: Pick<Config, 'smtpUrl' | 'isProduction'>): boolean => !config.smtpUrl && !config.isProduction;
