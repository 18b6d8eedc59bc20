import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { enqueueMail } from './mail-outbox.ts';
import { createSmtpTransport } from './mail-transport.ts';
import { createMailWorker } from './mail-worker.ts';
import { mailOutbox } from '../../schema/mail.ts';
import { renderInvitationMail } from './templates.ts';

let t: TestApp;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => t.close());

const invitation = () =>
  renderInvitationMail({
    firstName: 'Ada',
    inviterName: 'Dana Demo',
    companyName: 'Acme Marketing',
    url: 'https://plansmith.example.com/invitation?key=k-123',
  });

const queueInvitation = (to: string) => enqueueMail(t.ctx.db, { ...invitation(), to, kind: 'invitation', tenantId: null }, t.clock.now());

const statusOf = async (id: string) => {
  const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
};

describe('SMTP transport against a real SMTP server', () => {
  it('delivers the HTML and text bodies with the link, from MAIL_FROM', async () => {
    await t.app.mailWorker.drain();
    const smtp = await startSmtpServer();
    const transport = createSmtpTransport(smtp.url, 'Plansmith <no-reply@plansmith.test>');
    cleanups.push(smtp.close, transport.close);
    const worker = createMailWorker({ db: t.ctx.db, transport, clock: t.clock });
    const id = await queueInvitation('ada@example.test');

    expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.subject).toBe('Dana Demo invited you to Acme Marketing on Plansmith');
    expect(mail?.from?.value).toEqual([{ name: 'Plansmith', address: 'no-reply@plansmith.test' }]);
    expect(mail?.text).toContain('https://plansmith.example.com/invitation?key=k-123');
    expect(mail?.html).toContain('href="https://plansmith.example.com/invitation?key=k-123"');
    expect(mail?.messageId).toBe(`<${id}@plansmith>`);
    expect((await statusOf(id))?.status).toBe('sent');
  });

  it('keeps the mail while the server refuses it and delivers it once the server accepts', async () => {
    await t.app.mailWorker.drain();
    const smtp = await startSmtpServer({ refuseFirst: 2 });
    const transport = createSmtpTransport(smtp.url, 'Plansmith <no-reply@plansmith.test>');
    cleanups.push(smtp.close, transport.close);
    const worker = createMailWorker({ db: t.ctx.db, transport, clock: t.clock, baseDelayMs: 1_000 });
    const id = await queueInvitation('busy@example.test');

    expect(await worker.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await statusOf(id))?.lastError).toContain('451');
    t.clock.advance(1_000);
    expect(await worker.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    t.clock.advance(2_000);
    expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Dana Demo invited you to Acme Marketing on Plansmith']);
    const row = await statusOf(id);
    expect(row?.status).toBe('sent');
    expect(row?.attempts).toBe(3);
  });

  it('keeps the mail while the server is down and delivers it when the server comes up', async () => {
    await t.app.mailWorker.drain();
    // Take a free port, then close it: nothing listens there until we start the server on it.
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Plansmith <no-reply@plansmith.test>');
    cleanups.push(transport.close);
    const worker = createMailWorker({ db: t.ctx.db, transport, clock: t.clock, baseDelayMs: 1_000 });
    const id = await queueInvitation('down@example.test');

    expect(await worker.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await statusOf(id))?.lastError).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtpServer({ port });
    cleanups.push(smtp.close);
    t.clock.advance(1_000);
    expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((mail) => mail.to && 'text' in mail.to && mail.to.text)).toEqual(['down@example.test']);
  });
});
