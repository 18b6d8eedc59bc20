import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { renderMail } from './mail-layout.ts';
import { enqueueMail } from './mail-outbox.ts';
import type { MailTransport } from './mail-transport.ts';
import { createMailWorker, retryDelayMs } from './mail-worker.ts';
import { mailOutbox } from '../../schema/mail.ts';
import { buildPublicUrl, renderInvitationMail, renderRecoveryMail, renderVerificationMail } from './templates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const queue = async (to: string, subject = 'Hello', url = 'http://127.0.0.1:3000/invitation?key=abc') =>
  enqueueMail(
    t.ctx.db,
    {
      ...renderMail({ subject, heading: subject, paragraphs: ['Body'], action: { label: 'Open', url } }),
      to,
      kind: 'test',
      tenantId: null,
    },
    t.clock.now(),
  );

const rowOf = async (id: string) => {
  const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
};

/** A transport that fails a given number of times, then accepts, remembering what it got. */
const flakyTransport = (failures: number) => {
  const delivered: string[] = [];
  let left = failures;
  const transport: MailTransport = {
    kind: 'smtp',
    send: async (mail) => {
      if (left > 0) {
        left -= 1;
        throw new Error('451 try again later');
      }
      delivered.push(mail.id);
    },
    close: async () => undefined,
  };
  return { transport, delivered };
};

describe('mail templates', () => {
  it('builds links from PUBLIC_URL with the key encoded in the query', () => {
    expect(buildPublicUrl('https://plansmith.example.com/', '/invitation', { key: 'a+b/c' })).toBe(
      'https://plansmith.example.com/invitation?key=a%2Bb%2Fc',
    );
  });

  it('renders invitation, recovery and verification mail with the link in both the HTML and the text', () => {
    const url = 'https://plansmith.example.com/x?key=k1';
    for (const mail of [
      renderInvitationMail({ firstName: 'Ada', inviterName: 'Dana Demo', companyName: 'Acme <Marketing>', url }),
      renderRecoveryMail({ firstName: 'Ada', url }),
      renderVerificationMail({ firstName: 'Ada', url }),
    ]) {
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(url);
      expect(mail.links).toEqual([{ label: expect.any(String), url }]);
      expect(mail.text).toContain('Hi Ada,');
    }
    const invitation = renderInvitationMail({ firstName: 'Ada', inviterName: 'Dana Demo', companyName: 'Acme <Marketing>', url });
    expect(invitation.subject).toBe('Dana Demo invited you to Acme <Marketing> on Plansmith');
    expect(invitation.html).toContain('Acme &lt;Marketing&gt;');
    expect(invitation.html).not.toContain('Acme <Marketing>');
    expect(renderRecoveryMail({ firstName: 'Ada', url }).text).toContain('expires in 1 hour');
    expect(renderVerificationMail({ firstName: 'Ada', url }).text).toContain('expires in 24 hours');
  });
});

describe('outbox worker', () => {
  it('marks queued mail sent through the outbox transport', async () => {
    const id = await queue('outbox@example.test');
    const outcome = await t.app.mailWorker.drain();
    expect(outcome.sent).toBeGreaterThanOrEqual(1);
    const row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(row.sentAt).not.toBeNull();
  });

  it('retries a failed delivery with exponential backoff and loses nothing', async () => {
    await t.app.mailWorker.drain();
    const { transport, delivered } = flakyTransport(2);
    const worker = createMailWorker({ db: t.ctx.db, transport, clock: t.clock, baseDelayMs: 1_000, maxDelayMs: 60_000 });
    const id = await queue('flaky@example.test');

    expect(await worker.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await rowOf(id);
    expect(row.status).toBe('pending');
    expect(row.lastError).toContain('451');
    expect(row.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(1_000);

    // Not due yet: nothing is tried before the backoff has passed.
    expect(await worker.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });

    t.clock.advance(1_000);
    expect(await worker.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    row = await rowOf(id);
    expect(row.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(2_000);

    t.clock.advance(2_000);
    expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBeNull();
    expect(delivered).toEqual([id]);
  });

  it('gives up after the last attempt and keeps the message marked failed', async () => {
    await t.app.mailWorker.drain();
    const { transport } = flakyTransport(100);
    const worker = createMailWorker({ db: t.ctx.db, transport, clock: t.clock, maxAttempts: 2, baseDelayMs: 10 });
    const id = await queue('doomed@example.test');
    expect((await worker.drain()).retried).toBe(1);
    t.clock.advance(10);
    expect((await worker.drain()).failed).toBe(1);
    const row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(2);
  });

  // Several workers draining at once are raced on PostgreSQL in mail.pg.test.ts.
  it('doubles the delay on every failure up to the cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(n, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000]);
  });

  it('polls on its own once started and stops cleanly', async () => {
    const { transport, delivered } = flakyTransport(0);
    const worker = createMailWorker({ db: t.ctx.db, transport, clock: t.clock });
    const id = await queue('polled@example.test');
    worker.start(20);
    await expect.poll(() => delivered.includes(id), { timeout: 5_000 }).toBe(true);
    await worker.stop();
    expect(worker.isRunning).toBe(false);
  });
});

describe('dev mailbox', () => {
  it('lists messages newest first with their links in the agreed JSON shape', async () => {
    t.clock.advance(1_000);
    await queue('older@example.test', 'Older message');
    t.clock.advance(1_000);
    await queue('newer@example.test', 'Newer message', 'http://127.0.0.1:3000/recoverpassword?key=xyz');
    const response = await t.get('/dev/mailbox.json');
    expect(response.status).toBe(200);
    const [newest, next] = response.body.messages;
    expect(Object.keys(newest).sort()).toEqual(['CreatedAt', 'Headers', 'Id', 'Kind', 'Links', 'Status', 'Subject', 'Text', 'To']);
    expect(newest).toMatchObject({
      To: 'newer@example.test',
      Subject: 'Newer message',
      Kind: 'test',
      Status: 'pending',
      Links: [{ Label: 'Open', Url: 'http://127.0.0.1:3000/recoverpassword?key=xyz' }],
    });
    expect(newest.Text).toContain('Newer message');
    expect(next.To).toBe('older@example.test');
  });

  it('shows a page listing each message with its links, escaped', async () => {
    await queue('page@example.test', 'Subject with <b>markup</b>');
    const response = await t.get('/dev/mailbox');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.text).toContain('Subject with &lt;b&gt;markup&lt;/b&gt;');
    expect(response.text).not.toContain('<b>markup</b>');
    expect(response.text).toContain('href="http://127.0.0.1:3000/invitation?key=abc"');
  });

  it('shows one message as HTML and answers 404 for an unknown id', async () => {
    const id = await queue('single@example.test', 'Single');
    expect((await t.get(`/dev/mailbox/${id}`)).text).toContain('<h1');
    expect((await t.get('/dev/mailbox/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.get('/dev/mailbox/not-an-id')).status).toBe(404);
  });

  it('does not exist when SMTP is configured or in production', async () => {
    const smtp = await createTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:1' } });
    const production = await createTestApp({ config: { isProduction: true, nodeEnv: 'production' } });
    try {
      for (const app of [smtp, production]) {
        expect((await app.get('/dev/mailbox.json')).status).toBe(404);
        expect((await app.get('/dev/mailbox')).status).toBe(404);
      }
    } finally {
      await smtp.close();
      await production.close();
    }
  });
});
