import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { mailOutbox } from '../../schema/mail.ts';
// Tests may reach into the mail module: the SMTP transport and worker are what production runs.
import { createSmtpTransport } from '../mail/mail-transport.ts';
import { createMailWorker } from '../mail/mail-worker.ts';

let t: TestApp;
let acme: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
});
afterAll(async () => t.close());

const settingsOf = async (who: keyof TestTenant['users']) =>
  (await t.post('/api/UserProfileClient/GetNotificationSettings', {}, await acme.tokenFor(who))).body.Result;

describe('notifications over a real SMTP server', () => {
  it('delivers the overspend alert through the outbox with one-click List-Unsubscribe headers that work', async () => {
    // Whatever earlier requests queued goes to the test transport first: the SMTP server sees only this test's mail.
    await t.app.mailWorker.drain();
    const { plan, item } = await createPlanWithItem(t, acme, 100_000);
    const saved = await t.post(
      '/api/ExpenseClient/Save',
      {
        MarketingPlanId: plan.id,
        BudgetItemId: item.id,
        Name: 'Agency retainer',
        PurchaseDate: '2026-03-02',
        Amount: 1_250,
        CategoryType: 1,
      },
      await acme.tokenFor('member'),
    );
    expect(saved.status, saved.text).toBe(200);
    const queued = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'overspend'));
    expect(queued.filter((row) => row.status === 'pending')).toHaveLength(3);

    const smtp = await startSmtpServer();
    const transport = createSmtpTransport(smtp.url, 'Plansmith <no-reply@plansmith.test>');
    try {
      const worker = createMailWorker({ db: t.ctx.db, transport, clock: t.clock });
      expect(await worker.drain()).toEqual({ sent: 3, retried: 0, failed: 0 });
    } finally {
      await transport.close();
      await smtp.close();
    }

    const toMember = smtp.received.find((mail) => mail.to && 'text' in mail.to && mail.to.text === acme.users.member.email);
    expect(toMember?.subject).toBe(`Over budget: Paid search (${plan.name})`);
    expect(toMember?.text).toContain(`${t.ctx.config.publicUrl}/budget/${item.id}`);
    // The header lines as they arrived over SMTP (RFC 8058 one-click unsubscribe).
    const header = (key: string) => toMember?.headerLines.find((line) => line.key === key)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = new URL(String(header('list-unsubscribe')?.match(/^List-Unsubscribe: <(\S+)>$/)?.[1]));
    expect(link.pathname).toBe('/unsubscribe');

    const before = await settingsOf('member');
    expect(before.BudgetThresholds).toBe(true);
    const oneClick = await t.request({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(await settingsOf('member')).toEqual({ ...before, BudgetThresholds: false });
    expect((await settingsOf('owner')).BudgetThresholds).toBe(true);
  });
});
