import { EMPTY_ID } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { recordActivity } from './record-activity.ts';

const GET = '/api/ActivityClient/Get';
const GET_ENTITY = '/api/ActivityClient/GetSingleEntityActivities';
const SAVE = '/api/ActivityClient/Save';
const DELETE = '/api/ActivityClient/Delete';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

const activityRow = async (id: string) => (await t.ctx.db.select().from(activities).where(eq(activities.id, id)))[0];

/** An expense saved through the API, so the audit trail is the server's own. */
const saveExpense = async (planId: string, itemId: string, amount: number, id = EMPTY_ID, version?: number) =>
  t.post(
    '/api/ExpenseClient/Save',
    {
      Id: id,
      Version: version,
      MarketingPlanId: planId,
      BudgetItemId: itemId,
      Name: 'Webinar platform',
      PurchaseDate: '2026-02-02',
      Amount: amount,
      CategoryType: 1,
    },
    await tenant.tokenFor('member'),
  );

describe('activity feeds', () => {
  it('show the audit trail of expenses newest first, in the plan feed and the expense feed, with who and what changed', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const created = (await saveExpense(plan.id, item.id, 100)).body.Result;
    t.clock.advance(1000);
    await saveExpense(plan.id, item.id, 150.5, created.Id, created.Version);
    const viewer = await tenant.tokenFor('viewer');
    const feed = await t.post(GET, { MarketingPlanId: plan.id }, viewer);
    expect(feed.status).toBe(200);
    expect(feed.body.Result.map((a: { Action: string }) => a.Action)).toEqual(['update', 'create']);
    expect(feed.body.Result[0]).toMatchObject({
      EntityType: 'Expense',
      EntityId: created.Id,
      ActorName: `Member ${tenant.name}`,
      Changes: [{ Field: 'Amount', From: 100, To: 150.5 }],
      CanDelete: false,
    });
    const older = await t.post(GET, { MarketingPlanId: plan.id, Before: feed.body.Result[0].CreatedAt }, viewer);
    expect(older.body.Result.map((a: { Action: string }) => a.Action)).toEqual(['create']);
    const badCursor = await t.post(GET, { MarketingPlanId: plan.id, Before: 'yesterday' }, viewer);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.Message).toBe('Before must be an ISO-8601 instant.');
    const single = await t.post(GET_ENTITY, { EntityType: 'Expense', EntityId: created.Id, Limit: 1 }, viewer);
    expect(single.body.Result).toHaveLength(1);
    expect(single.body.Result[0].Action).toBe('update');
  });

  it('let Planners write notes, authors edit and delete them, and never delete the audit trail', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const created = (await saveExpense(plan.id, item.id, 10)).body.Result;
    const member = await tenant.tokenFor('member');
    const note = await t.post(SAVE, { EntityType: 'BudgetItem', EntityId: item.id, Description: 'Vendor confirmed Q2 dates' }, member);
    expect(note.status).toBe(200);
    expect(note.body.Result).toMatchObject({ Action: 'note', Name: 'Paid search', MarketingPlanId: plan.id, CanDelete: true });

    const edited = await t.post(
      SAVE,
      { Id: note.body.Result.Id, Version: 1, EntityType: 'BudgetItem', EntityId: item.id, Description: 'Dates moved' },
      member,
    );
    expect(edited.body.Result.Description).toBe('Dates moved');
    const ownerEdit = await t.post(
      SAVE,
      { Id: note.body.Result.Id, Version: 2, EntityType: 'BudgetItem', EntityId: item.id, Description: 'Owner words' },
      await tenant.tokenFor('owner'),
    );
    expect(ownerEdit.status).toBe(403);

    const viewerNote = await t.post(
      SAVE,
      { EntityType: 'BudgetItem', EntityId: item.id, Description: 'Hi' },
      await tenant.tokenFor('viewer'),
    );
    expect(viewerNote.status).toBe(403);

    const audit = (await t.post(GET_ENTITY, { EntityType: 'Expense', EntityId: created.Id }, member)).body.Result[0];
    const deleteAudit = await t.post(DELETE, { ActivityId: audit.Id, Version: 1 }, await tenant.tokenFor('owner'));
    expect(deleteAudit.status).toBe(403);
    expect(deleteAudit.body.Message).toBe('The audit trail cannot be deleted; only notes can.');
    expect(await activityRow(audit.Id)).toBeDefined();
    const editAudit = await t.post(
      SAVE,
      { Id: audit.Id, Version: 1, EntityType: 'Expense', EntityId: created.Id, Description: 'Rewritten' },
      member,
    );
    expect(editAudit.status).toBe(403);

    expect((await t.post(DELETE, { ActivityId: note.body.Result.Id, Version: edited.body.Result.Version }, member)).status).toBe(200);
    expect(await activityRow(note.body.Result.Id)).toBeUndefined();
  });

  it('show a category’s trail to everyone in the tenant', async () => {
    const category = await createCategory(t, tenant, { name: 'Trade shows' });
    await recordActivity(t.ctx.db, {
      tenantId: tenant.id,
      actorId: tenant.users.admin.id,
      entityType: 'BudgetCategory',
      entityId: category.id,
      marketingPlanId: null,
      action: 'create',
      name: 'Trade shows',
      at: t.clock.now(),
    });
    const response = await t.post(GET_ENTITY, { EntityType: 'BudgetCategory', EntityId: category.id }, await tenant.tokenFor('outsider'));
    expect(response.status).toBe(200);
    expect(response.body.Result[0]).toMatchObject({ Action: 'create', ActorName: `Admin ${tenant.name}` });
  });

  it('answer 404 to another tenant and to a Member outside the team, and change nothing', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const note = (
      await t.post(SAVE, { EntityType: 'MarketingPlan', EntityId: plan.id, Description: 'Kickoff done' }, await tenant.tokenFor('owner'))
    ).body.Result;
    const other = await createTenant(t);
    const stranger = await other.tokenFor('owner');
    const outsider = await tenant.tokenFor('outsider');
    for (const token of [stranger, outsider]) {
      expect((await t.post(GET, { MarketingPlanId: plan.id }, token)).status).toBe(404);
      expect((await t.post(GET_ENTITY, { EntityType: 'BudgetItem', EntityId: item.id }, token)).status).toBe(404);
      expect((await t.post(SAVE, { EntityType: 'MarketingPlan', EntityId: plan.id, Description: 'x' }, token)).status).toBe(404);
      expect((await t.post(DELETE, { ActivityId: note.Id, Version: 1 }, token)).status).toBe(404);
    }
    expect((await activityRow(note.Id))?.description).toBe('Kickoff done');
    expect(await t.ctx.db.select().from(activities).where(eq(activities.tenantId, other.id))).toHaveLength(0);
  });
});
