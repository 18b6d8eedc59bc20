import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdTableLock, requirePostgres, waitForLockWaiters } from '../../../test/pg-race.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { renderMail } from './mail-layout.ts';
import { enqueueMail } from './mail-outbox.ts';
import type { MailTransport } from './mail-transport.ts';
import { createMailWorker } from './mail-worker.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  requirePostgres(t);
});
afterAll(async () => t.close());

const queue = async (to: string) =>
  enqueueMail(
    t.ctx.db,
    { ...renderMail({ subject: 'Hello', heading: 'Hello', paragraphs: ['Body'] }), to, kind: 'test', tenantId: null },
    t.clock.now(),
  );

/** A transport that remembers the ids it was given. */
const recordingTransport = (delivered: string[]): MailTransport => ({
  kind: 'smtp',
  send: async (mail) => {
    delivered.push(mail.id);
  },
  close: async () => undefined,
});

describe('mail workers draining at once (PostgreSQL race)', () => {
  it('never send a message twice: six workers released together each claim different messages', async () => {
    await t.app.mailWorker.drain();
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => queue(`race-${n}@example.test`)));
    const delivered: string[] = [];
    const workers = Array.from({ length: 6 }, () =>
      createMailWorker({ db: t.ctx.db, transport: recordingTransport(delivered), clock: t.clock, batchSize: 2 }),
    );
    // Every worker's first claim waits on the table lock; released together, their claims overlap.
    const lock = await holdTableLock(t, 'mail_outbox');
    const draining = Promise.all(workers.map((worker) => worker.drain()));
    await waitForLockWaiters(t, workers.length);
    await lock.release();
    await draining;
    expect(delivered).toHaveLength(ids.length);
    expect([...delivered].sort()).toEqual([...ids].sort());
  });
});
