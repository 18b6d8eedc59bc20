import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark, recipientsOf } from '../../../test/outbox.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { overspendAlerts } from '../../schema/notifications.ts';
import { users } from '../../schema/tenants.ts';

let t: TestApp;
let acme: TestTenant;
let plan: { id: string; name: string };
let item: { id: string; marketingPlanId: string; budgetCategoryId: string; name: string };
let mark: Date;

const SAVE_EXPENSE = '/api/ExpenseClient/Save';

const saveExpense = async (who: keyof TestTenant['users'], amount: number, extra: Record<string, unknown> = {}) => {
  const response = await t.post(
    SAVE_EXPENSE,
    {
      MarketingPlanId: plan.id,
      BudgetItemId: item.id,
      Name: `Invoice ${amount}`,
      PurchaseDate: '2026-03-02',
      Amount: amount,
      CategoryType: 1,
      ...extra,
    },
    await acme.tokenFor(who),
  );
  expect(response.status, response.text).toBe(200);
  return response.body.Result as { Id: string; Name: string; Version: number };
};

const deleteExpense = async (expense: { Id: string; Version: number }) => {
  const response = await t.post(
    '/api/ExpenseClient/Delete',
    { ExpenseId: expense.Id, Version: expense.Version },
    await acme.tokenFor('owner'),
  );
  expect(response.status).toBe(200);
};

const saveItemAmount = async (amount: number) => {
  // The version the item was read with (DESIGN.md §13).
  const read = await t.post('/api/BudgetItemClient/GetBudgetItem', { BudgetItemId: item.id }, await acme.tokenFor('owner'));
  const response = await t.post(
    '/api/BudgetItemClient/Save',
    {
      Id: item.id,
      Version: read.body.Result.Version,
      Name: item.name,
      Amount: amount,
      ItemType: 1,
      BudgetCategoryId: item.budgetCategoryId,
      MarketingPlanId: item.marketingPlanId,
    },
    await acme.tokenFor('owner'),
  );
  expect(response.status, response.text).toBe(200);
};

const alerts = () => t.ctx.db.select().from(overspendAlerts).where(eq(overspendAlerts.tenantId, acme.id));
const overspendMail = () => mailSince(t, mark, 'overspend');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

beforeEach(async () => {
  // A fresh tenant and a $1,000.00 item for every test: each starts under budget with no mail.
  acme = await createTenant(t, { name: 'Acme' });
  const fixture = await createPlanWithItem(t, acme, 100_000);
  plan = fixture.plan;
  item = fixture.item;
  mark = await outboxMark(t);
});

describe('overspend alert', () => {
  it("mails the team's Leads and the expense's author when an expense takes the item past its amount", async () => {
    await saveExpense('member', 600);
    expect(await overspendMail()).toEqual([]);
    await saveExpense('member', 500);
    const mails = await overspendMail();
    // Owner and Admin are the team's Leads; Member (a Planner) wrote the expense. Not the Viewer, not the Outsider.
    expect(recipientsOf(mails)).toEqual([acme.users.admin.email, acme.users.member.email, acme.users.owner.email].sort());
    const mail = mails.find((row) => row.toAddress === acme.users.owner.email);
    expect(mail?.subject).toBe(`Over budget: Paid search (${plan.name})`);
    expect(mail?.textBody).toContain('has now spent $1,100.00 of its $1,000.00: $100.00 over.');
    expect(mail?.links[0]).toEqual({ label: 'Open the budget item', url: `${t.ctx.config.publicUrl}/budget/${item.id}` });
    expect(mail?.headers['List-Unsubscribe']).toMatch(/^<http:\/\/.+\/unsubscribe\?token=[\w-]+\.[\w-]+>$/);
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.links.at(-1)?.label).toBe('Unsubscribe from overspend alerts');
  });

  it('mails once per crossing: more spend on an item already over mails nobody', async () => {
    await saveExpense('member', 1_001);
    expect(await overspendMail()).toHaveLength(3);
    mark = await outboxMark(t);
    await saveExpense('member', 50);
    await saveExpense('admin', 20);
    expect(await overspendMail()).toEqual([]);
    expect(await alerts()).toHaveLength(1);
  });

  it('mails again when the item drops back to its amount (a deleted expense) and crosses again', async () => {
    const big = await saveExpense('member', 900);
    const tipping = await saveExpense('member', 200);
    expect(await overspendMail()).toHaveLength(3);
    await deleteExpense(tipping);
    expect(await alerts()).toEqual([]);
    mark = await outboxMark(t);
    await saveExpense('member', 100.01);
    expect(recipientsOf(await overspendMail())).toHaveLength(3);
    // Moving the big expense to status planned drops the item back: the record goes.
    await saveExpense('member', 900, { Id: big.Id, Version: big.Version, Name: big.Name, Status: 1 });
    expect(await alerts()).toEqual([]);
  });

  it('counts only active actual expenses: a planned one does not alert, turning it actual does', async () => {
    const planned = await saveExpense('member', 1_500, { Status: 1 });
    const committed = await saveExpense('member', 1_500, { Status: 2 });
    expect(await overspendMail()).toEqual([]);
    expect(committed.Id).toBeTruthy();
    await saveExpense('admin', 1_500, { Id: planned.Id, Version: planned.Version, Status: 3, Name: planned.Name });
    const mails = await overspendMail();
    // The author is the person who recorded the expense (Member), not the Admin who changed its status.
    expect(recipientsOf(mails)).toEqual([acme.users.admin.email, acme.users.member.email, acme.users.owner.email].sort());
    expect(mails[0]?.textBody).toContain(`Admin Acme saved the expense “${planned.Name}”.`);
  });

  it('re-arms when a bigger amount puts the item back under; a lower amount that puts it over alerts nobody', async () => {
    await saveExpense('member', 1_200);
    expect(await overspendMail()).toHaveLength(3);
    await saveItemAmount(2_000);
    expect(await alerts()).toEqual([]);
    mark = await outboxMark(t);
    await saveItemAmount(1_000);
    expect(await alerts()).toHaveLength(1);
    expect(await overspendMail()).toEqual([]);
    await saveItemAmount(1_300);
    await saveExpense('member', 200);
    expect(await overspendMail()).toHaveLength(3);
  });

  it('skips people who opted out of budget alerts and people who are inactive', async () => {
    const memberToken = await acme.tokenFor('member');
    const settings = (await t.post('/api/UserProfileClient/GetNotificationSettings', {}, memberToken)).body.Result;
    await t.post('/api/UserProfileClient/SaveNotificationSettings', { ...settings, BudgetThresholds: false }, memberToken);
    await t.ctx.db
      .update(users)
      .set({ active: false })
      .where(and(eq(users.tenantId, acme.id), eq(users.id, acme.users.admin.id)));
    await saveExpense('member', 1_001);
    expect(recipientsOf(await overspendMail())).toEqual([acme.users.owner.email]);
    // The crossing is recorded even so: opting back in later does not bring an old alert.
    expect(await alerts()).toHaveLength(1);
  });
});
