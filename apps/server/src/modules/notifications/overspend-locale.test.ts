import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark } from '../../../test/outbox.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { inboxNotifications } from '../../schema/notifications.ts';
import { tenants, users } from '../../schema/tenants.ts';

let t: TestApp;
let berlin: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  // A team in Berlin budgets in EUR (chosen before its first item); its Owner reads German numbers,
  // its Admin Japanese ones, its Member keeps en-US.
  berlin = await createTenant(t, { name: 'Berlin Marketing' });
  await t.ctx.db.update(tenants).set({ baseCurrency: 'EUR' }).where(eq(tenants.id, berlin.id));
  await t.ctx.db.update(users).set({ locale: 'de-DE' }).where(eq(users.id, berlin.users.owner.id));
  await t.ctx.db.update(users).set({ locale: 'ja-JP' }).where(eq(users.id, berlin.users.admin.id));
});
afterAll(async () => t.close());

describe('a mail in the recipient’s locale (DESIGN.md §17)', () => {
  it('writes the overspend alert’s amounts in each recipient’s locale and the tenant’s base currency', async () => {
    const { plan, item } = await createPlanWithItem(t, berlin, 100_000);
    const mark = await outboxMark(t);
    const response = await t.post(
      '/api/ExpenseClient/Save',
      { MarketingPlanId: plan.id, BudgetItemId: item.id, Name: 'Messestand', PurchaseDate: '2026-03-02', Amount: 1234.56, CategoryType: 1 },
      await berlin.tokenFor('member'),
    );
    expect(response.status, response.text).toBe(200);
    const mails = await mailSince(t, mark, 'overspend');
    const textTo = (email: string) => mails.find((mail) => mail.toAddress === email)?.textBody ?? '';

    expect(textTo(berlin.users.owner.email)).toContain('has now spent 1.234,56\u00a0€ of its 1.000,00\u00a0€: 234,56\u00a0€ over.');
    expect(textTo(berlin.users.admin.email)).toContain('has now spent €1,234.56 of its €1,000.00: €234.56 over.');
    expect(textTo(berlin.users.member.email)).toContain('has now spent €1,234.56 of its €1,000.00: €234.56 over.');

    const [ownerInbox] = await t.ctx.db
      .select()
      .from(inboxNotifications)
      .where(and(eq(inboxNotifications.tenantId, berlin.id), eq(inboxNotifications.userId, berlin.users.owner.id)));
    expect(ownerInbox?.title).toBe('Paid search is over budget by 234,56\u00a0€');
  });
});
