import { EMPTY_ID } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark } from '../../../test/outbox.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { approvalRequests } from '../../schema/approvals.ts';
import { users } from '../../schema/tenants.ts';

let t: TestApp;
let acme: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-06-15T12:00:00Z')) });
  acme = await createTenant(t, { name: 'Acme' });
  await t.ctx.db.update(users).set({ locale: 'de-DE' }).where(eq(users.id, acme.users.owner.id));
  await t.ctx.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, acme.users.member.id));
});
afterAll(async () => t.close());

describe('approval mails in the recipient’s locale (DESIGN.md §17)', () => {
  it('asks each approver and tells the requester with amounts in their own locale', async () => {
    const owner = await acme.tokenFor('owner');
    const policy = (await t.post('/api/ApprovalClient/GetPolicy', { TeamId: acme.teamId }, owner)).body.Result;
    const saved = await t.post(
      '/api/ApprovalClient/SavePolicy',
      { TeamId: acme.teamId, ExpenseThreshold: 5000, BudgetChangeThreshold: null, Approvers: 'Leads', Version: policy.Version },
      owner,
    );
    expect(saved.status, saved.text).toBe(200);
    const { plan, item } = await createPlanWithItem(t, acme);

    const mark = await outboxMark(t);
    const asked = await t.post(
      '/api/ExpenseClient/Save',
      {
        Id: EMPTY_ID,
        MarketingPlanId: plan.id,
        BudgetItemId: item.id,
        Name: 'Booth',
        PurchaseDate: '2026-03-10',
        Amount: 5000.5,
        Status: 2,
        CategoryType: 1,
      },
      await acme.tokenFor('member'),
    );
    expect(asked.status, asked.text).toBe(200);
    const asks = await mailSince(t, mark, 'approval');
    const askTo = (email: string) => asks.find((mail) => mail.toAddress === email);
    expect(askTo(acme.users.owner.email)?.subject).toBe('Approval needed: Booth (5.000,50\u00a0$)');
    expect(askTo(acme.users.owner.email)?.textBody).toContain('Member Acme asks to record 5.000,50\u00a0$ committed against Paid search');
    expect(askTo(acme.users.admin.email)?.subject).toBe('Approval needed: Booth ($5,000.50)');

    const [request] = await t.ctx.db
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.expenseId, asked.body.Result.Id), eq(approvalRequests.status, 1)));
    const decided = await outboxMark(t);
    const rejected = await t.post(
      '/api/ApprovalClient/Reject',
      { RequestId: request?.id, Version: request?.version, Note: 'Trop tôt' },
      owner,
    );
    expect(rejected.status, rejected.text).toBe(200);
    const [told] = await mailSince(t, decided, 'approval');
    expect(told?.toAddress).toBe(acme.users.member.email);
    expect(told?.subject).toBe('Rejected: Booth (5\u202f000,50\u00a0$US)');
  });
});
