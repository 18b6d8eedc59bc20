import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark } from '../../../test/outbox.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tenants, users } from '../../schema/tenants.ts';

let t: TestApp;
let berlin: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-03-09T12:00:00Z'));
  berlin = await createTenant(t, { name: 'Berlin Marketing' });
  await t.ctx.db.update(tenants).set({ baseCurrency: 'EUR' }).where(eq(tenants.id, berlin.id));
  const plan = await createPlan(t, berlin, { name: 'Frühjahr', startDate: '2026-01-01', endDate: '2026-12-31' });
  const category = await createCategory(t, berlin, { name: 'Media' });
  const item = await createItem(t, berlin, { planId: plan.id, categoryId: category.id, amountCents: 1_234_550 });
  await createExpenseRow(t, berlin, { planId: plan.id, itemId: item.id, amountCents: 300_099, status: 3, purchaseDate: '2026-02-10' });
});
afterAll(async () => t.close());

describe('the weekly digest in the recipient’s locale (DESIGN.md §17)', () => {
  it('writes a de-DE reader’s amounts as German numbers in the tenant’s base currency, and an en-US reader’s as before', async () => {
    await t.ctx.db.update(users).set({ locale: 'de-DE' }).where(eq(users.id, berlin.users.owner.id));
    const mark = await outboxMark(t);
    expect((await t.post('/api/NotificationClient/SendDigestPreview', {}, await berlin.tokenFor('owner'))).status).toBe(200);
    expect((await t.post('/api/NotificationClient/SendDigestPreview', {}, await berlin.tokenFor('admin'))).status).toBe(200);
    const mails = await mailSince(t, mark, 'digest');
    const textTo = (email: string) => mails.find((mail) => mail.toAddress === email)?.textBody ?? '';
    expect(textTo(berlin.users.owner.email)).toContain(
      'Spent 3.000,99\u00a0€ of 12.345,50\u00a0€ budget; committed 0,00\u00a0€, planned 0,00\u00a0€; available 9.344,51\u00a0€.',
    );
    expect(textTo(berlin.users.admin.email)).toContain(
      'Spent €3,000.99 of €12,345.50 budget; committed €0.00, planned €0.00; available €9,344.51.',
    );
  });
});
