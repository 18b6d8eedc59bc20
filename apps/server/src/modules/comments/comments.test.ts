import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createExpenseRow, createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { comments } from '../../schema/comments.ts';

const GET = '/api/CommentsClient/Get';
const SAVE = '/api/CommentsClient/Save';
const DELETE = '/api/CommentClient/Delete';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

const commentRow = async (id: string) => (await t.ctx.db.select().from(comments).where(eq(comments.id, id)))[0];

describe('comments', () => {
  it('are written on plans, budget items and expenses and listed oldest first with author and time', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const expense = await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 100 });
    const member = await tenant.tokenFor('member');
    for (const [EntityType, EntityId] of [
      ['MarketingPlan', plan.id],
      ['BudgetItem', item.id],
      ['Expense', expense.id],
    ] as const) {
      const first = await t.post(SAVE, { EntityType, EntityId, Description: 'First thought' }, member);
      expect(first.status).toBe(200);
      expect(first.body.Result).toMatchObject({
        AuthorId: tenant.users.member.id,
        MarketingPlanId: plan.id,
        CanEdit: true,
        CanDelete: true,
      });
      t.clock.advance(1000);
      await t.post(SAVE, { EntityType, EntityId, Description: 'Second thought' }, await tenant.tokenFor('owner'));
      const list = await t.post(GET, { EntityType, EntityId }, await tenant.tokenFor('viewer'));
      expect(list.status).toBe(200);
      expect(list.body.Result.map((c: { Description: string }) => c.Description)).toEqual(['First thought', 'Second thought']);
      expect(list.body.Result[0].AuthorName).toBe(`Member ${tenant.name}`);
      expect(list.body.Result[0]).toMatchObject({ CanEdit: false, CanDelete: false });
      expect(Date.parse(list.body.Result[0].CreatedAt)).toBeLessThan(Date.parse(list.body.Result[1].CreatedAt));
    }
  });

  it('can be edited and deleted by their author only; Owners and Admins may delete any comment', async () => {
    const { item } = await createPlanWithItem(t, tenant);
    const member = await tenant.tokenFor('member');
    const target = { EntityType: 'BudgetItem', EntityId: item.id };
    const written = (await t.post(SAVE, { ...target, Description: 'Original' }, member)).body.Result;

    const hijack = await t.post(
      SAVE,
      { ...target, Id: written.Id, Version: written.Version, Description: 'Hijacked' },
      await tenant.tokenFor('owner'),
    );
    expect(hijack.status).toBe(403);
    expect(hijack.body.Message).toBe('You can only edit your own comments.');
    expect((await commentRow(written.Id))?.description).toBe('Original');

    const edited = await t.post(SAVE, { ...target, Id: written.Id, Version: written.Version, Description: 'Edited' }, member);
    expect(edited.status).toBe(200);
    expect(edited.body.Result.Description).toBe('Edited');

    const byAdmin = (await t.post(SAVE, { ...target, Description: 'Admin note' }, await tenant.tokenFor('admin'))).body.Result;
    const memberDeletesAdmins = await t.post(DELETE, { CommentId: byAdmin.Id, Version: byAdmin.Version }, member);
    expect(memberDeletesAdmins.status).toBe(403);
    expect(await commentRow(byAdmin.Id)).toBeDefined();

    expect(
      (await t.post(DELETE, { CommentId: written.Id, Version: edited.body.Result.Version }, await tenant.tokenFor('owner'))).status,
    ).toBe(200);
    expect(await commentRow(written.Id)).toBeUndefined();
  });

  it('are read-only for Viewers, hidden from Members outside the team, and refuse an empty text', async () => {
    const { plan } = await createPlanWithItem(t, tenant);
    const target = { EntityType: 'MarketingPlan', EntityId: plan.id };
    const viewer = await t.post(SAVE, { ...target, Description: 'Let me in' }, await tenant.tokenFor('viewer'));
    expect(viewer.status).toBe(403);
    const outsider = await tenant.tokenFor('outsider');
    expect((await t.post(GET, target, outsider)).status).toBe(404);
    expect((await t.post(SAVE, { ...target, Description: 'Hello' }, outsider)).status).toBe(404);
    const empty = await t.post(SAVE, { ...target, Description: '   ' }, await tenant.tokenFor('owner'));
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toBe('Please write a comment.');
    const badType = await t.post(GET, { EntityType: 'Team', EntityId: plan.id }, await tenant.tokenFor('owner'));
    expect(badType.status).toBe(400);
    const rows = await t.ctx.db.select().from(comments).where(eq(comments.entityId, plan.id));
    expect(rows).toHaveLength(0);
  });

  it('answer 404 to another tenant’s owner and stay unchanged', async () => {
    const { item } = await createPlanWithItem(t, tenant);
    const written = (
      await t.post(SAVE, { EntityType: 'BudgetItem', EntityId: item.id, Description: 'Ours' }, await tenant.tokenFor('member'))
    ).body.Result;
    const other = await createTenant(t);
    const stranger = await other.tokenFor('owner');
    expect((await t.post(GET, { EntityType: 'BudgetItem', EntityId: item.id }, stranger)).status).toBe(404);
    expect((await t.post(SAVE, { EntityType: 'BudgetItem', EntityId: item.id, Description: 'Theirs' }, stranger)).status).toBe(404);
    const theirs = await createPlanWithItem(t, other);
    const edit = await t.post(
      SAVE,
      { EntityType: 'BudgetItem', EntityId: theirs.item.id, Id: written.Id, Version: 1, Description: 'Overwritten' },
      stranger,
    );
    expect(edit.status).toBe(404);
    expect((await t.post(DELETE, { CommentId: written.Id, Version: 1 }, stranger)).status).toBe(404);
    const row = await commentRow(written.Id);
    expect(row?.description).toBe('Ours');
    expect(await t.ctx.db.select().from(comments).where(eq(comments.tenantId, other.id))).toHaveLength(0);
  });
});
