import { EMPTY_ID } from '@plansmith/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlanWithItem } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { activities } from '../../schema/activities.ts';
import { approvalRequests } from '../../schema/approvals.ts';
import { expenses } from '../../schema/expenses.ts';
import { planPeriods } from '../../schema/forecast.ts';

const BULK = '/api/ExpenseClient/BulkEdit';
const SAVE = '/api/ExpenseClient/Save';
const GET_POLICY = '/api/ApprovalClient/GetPolicy';
const SAVE_POLICY = '/api/ApprovalClient/SavePolicy';

// Today is 2026-06-15 in the tests' zone: an Actual expense may be dated up to today.
const clock = createTestClock(new Date('2026-06-15T12:00:00Z'));
let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock });
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

const rowsOf = async (ids: string[]) =>
  new Map((await t.ctx.db.select().from(expenses).where(inArray(expenses.id, ids))).map((row) => [row.id, row]));

/** A plan with an item and three Planned expenses (one of $19.99) in March and April 2026. */
const fixture = async (tenant = acme) => {
  const { plan, item, category } = await createPlanWithItem(t, tenant);
  const a = await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: item.id,
    amountCents: 1999,
    status: 1,
    name: 'Booth',
    purchaseDate: '2026-03-31',
  });
  const b = await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: item.id,
    amountCents: 250_000,
    status: 1,
    name: 'Stand',
    purchaseDate: '2026-04-01',
  });
  const c = await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: item.id,
    amountCents: 249_999,
    status: 1,
    name: 'Flyers',
    purchaseDate: '2026-04-30',
  });
  return { plan, item, category, rows: [a, b, c] };
};

const rowsBody = (rows: Array<{ id: string }>, version = 1) => rows.map((row) => ({ Id: row.id, Version: version }));

describe('ExpenseClient/BulkEdit (DESIGN.md §16)', () => {
  it('sets Status on every selected row in one go: each version +1, amounts to the cent, one audit entry per row', async () => {
    const { rows } = await fixture();
    const planner = await acme.tokenFor('member');
    const response = await t.post(BULK, { Rows: rowsBody(rows), Set: { Status: 2 } }, planner);
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result.Items.map((item: { Id: string }) => item.Id)).toEqual(rows.map((row) => row.id));
    expect(
      response.body.Result.Items.map((item: { Amount: number; Status: number; Version: number }) => [
        item.Amount,
        item.Status,
        item.Version,
      ]),
    ).toEqual([
      [19.99, 2, 2],
      [2500, 2, 2],
      [2499.99, 2, 2],
    ]);
    const stored = await rowsOf(rows.map((row) => row.id));
    expect([...stored.values()].map((row) => row.amountCents).sort()).toEqual([1999, 249_999, 250_000]);
    const audit = await t.ctx.db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.tenantId, acme.id),
          inArray(
            activities.entityId,
            rows.map((row) => row.id),
          ),
        ),
      );
    expect(audit.map((entry) => entry.description)).toEqual(['Updated Status', 'Updated Status', 'Updated Status']);
  });

  it('moves rows to another item of the plan, their CategoryType following the item', async () => {
    const { plan, rows } = await fixture();
    const people = await createCategory(t, acme, { name: 'People', categoryType: 3 });
    const contractors = await createItem(t, acme, { planId: plan.id, categoryId: people.id, amountCents: 500_000, name: 'Contractors' });
    const response = await t.post(
      BULK,
      { Rows: rowsBody(rows.slice(0, 2)), Set: { BudgetItemId: contractors.id } },
      await acme.tokenFor('member'),
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result.Items).toMatchObject([
      { BudgetItemId: contractors.id, BudgetItemName: 'Contractors', CategoryType: 3, Status: 1 },
      { BudgetItemId: contractors.id, BudgetItemName: 'Contractors', CategoryType: 3, Status: 1 },
    ]);
    expect((await rowsOf([rows[2]?.id as string])).get(rows[2]?.id as string)?.version).toBe(1);
  });

  it('checks every row’s version first: one stale row answers 409 listing it with its current row, and nothing is written', async () => {
    const { plan, item, rows } = await fixture();
    const [a, b, c] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    const admin = await acme.tokenFor('admin');
    const planner = await acme.tokenFor('member');
    // The Admin renames “Stand” after the Planner read the list.
    const renamed = await t.post(
      SAVE,
      {
        Id: b.id,
        MarketingPlanId: plan.id,
        BudgetItemId: item.id,
        Name: 'Stand (large)',
        PurchaseDate: b.purchaseDate,
        Amount: 2500,
        Status: 1,
        CategoryType: 1,
        Version: 1,
      },
      admin,
    );
    expect(renamed.status, renamed.text).toBe(200);
    const before = await snapshotTenant(t.database, acme.id);

    const stale = await t.post(BULK, { Rows: rowsBody([a, b, c]), Set: { Status: 2 } }, planner);
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.Message).toMatch(/^Admin Acme changed the expense “Stand \(large\)” at .+ while you were editing\.$/);
    expect(stale.body.Result).toEqual([expect.objectContaining({ Id: b.id, Name: 'Stand (large)', Version: 2 })]);
    expect(stale.body.Conflict).toMatchObject({ Entity: 'Expense', Id: b.id, Version: 2 });
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);

    // With the version from the 409 the same edit goes through.
    const again = await t.post(BULK, { Rows: [...rowsBody([a]), { Id: b.id, Version: 2 }, ...rowsBody([c])], Set: { Status: 2 } }, planner);
    expect(again.status, again.text).toBe(200);
  });

  it('names how many rows are stale when several are', async () => {
    const { rows } = await fixture();
    await t.ctx.db
      .update(expenses)
      .set({ payee: 'Changed' })
      .where(inArray(expenses.id, [rows[0]?.id as string, rows[2]?.id as string]));
    const stale = await t.post(BULK, { Rows: rowsBody(rows), Set: { Status: 2 } }, await acme.tokenFor('owner'));
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toContain('2 of the selected expenses (“Booth”, “Flyers”)');
    expect(stale.body.Result.map((row: { Id: string }) => row.Id)).toEqual([rows[0]?.id, rows[2]?.id]);
  });

  it('refuses the whole edit when one row lies in a closed month: 409 naming the month and the row, nothing written', async () => {
    const { plan, rows } = await fixture();
    await t.ctx.db.insert(planPeriods).values({ tenantId: acme.id, marketingPlanId: plan.id, month: '2026-03-01', unspent: 1 });
    const planner = await acme.tokenFor('member');
    const before = await snapshotTenant(t.database, acme.id);
    // “Booth” is dated 2026-03-31, the closed month's last day; the others are in April.
    const refused = await t.post(
      BULK,
      { Rows: rowsBody([rows[1], rows[0], rows[2]] as Array<{ id: string }>), Set: { Status: 2 } },
      planner,
    );
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.Message).toBe(
      '“Booth” (2026-03-31): March 2026 is closed: nothing dated in it can be created, changed or deleted. An Admin can reopen it on the Close page. Nothing was changed.',
    );
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
    // April's first day is open.
    expect((await t.post(BULK, { Rows: rowsBody(rows.slice(1)), Set: { Status: 2 } }, planner)).status).toBe(200);
  });

  it('applies the team’s approval rule as Save does: at the $2,500 threshold a Planner’s row waits, $2,499.99 does not; an Admin’s does not wait', async () => {
    const { rows } = await fixture();
    const owner = await acme.tokenFor('owner');
    const policy = (await t.post(GET_POLICY, { TeamId: acme.teamId }, owner)).body.Result;
    const saved = await t.post(
      SAVE_POLICY,
      { TeamId: acme.teamId, ExpenseThreshold: 2500, BudgetChangeThreshold: null, Approvers: policy.Approvers, Version: policy.Version },
      owner,
    );
    expect(saved.status, saved.text).toBe(200);
    try {
      const response = await t.post(BULK, { Rows: rowsBody(rows), Set: { Status: 2 } }, await acme.tokenFor('member'));
      expect(response.status, response.text).toBe(200);
      expect(response.body.Result.Items.map((item: { Name: string; Approval: string | null }) => [item.Name, item.Approval])).toEqual([
        ['Booth', null],
        ['Stand', 'Pending'],
        ['Flyers', null],
      ]);
      const requests = await t.ctx.db
        .select()
        .from(approvalRequests)
        .where(
          inArray(
            approvalRequests.expenseId,
            rows.map((row) => row.id),
          ),
        );
      expect(requests.map((request) => [request.expenseId, request.status, request.amountCents])).toEqual([[rows[1]?.id, 1, 250_000]]);

      const next = await fixture();
      const byAdmin = await t.post(BULK, { Rows: rowsBody(next.rows), Set: { Status: 3 } }, await acme.tokenFor('admin'));
      expect(byAdmin.status, byAdmin.text).toBe(200);
      expect(byAdmin.body.Result.Items.map((item: { Approval: string | null }) => item.Approval)).toEqual([null, null, null]);
    } finally {
      const current = (await t.post(GET_POLICY, { TeamId: acme.teamId }, owner)).body.Result;
      await t.post(
        SAVE_POLICY,
        {
          TeamId: acme.teamId,
          ExpenseThreshold: null,
          BudgetChangeThreshold: null,
          Approvers: current.Approvers,
          Version: current.Version,
        },
        owner,
      );
    }
  });

  it('refuses what Save refuses, naming the row and writing nothing: an item of another plan, an Actual dated after today', async () => {
    const { plan, item, rows } = await fixture();
    const owner = await acme.tokenFor('owner');
    const elsewhere = await createPlanWithItem(t, acme);
    const before = await snapshotTenant(t.database, acme.id);
    const moved = await t.post(BULK, { Rows: rowsBody(rows), Set: { BudgetItemId: elsewhere.item.id } }, owner);
    expect(moved.status).toBe(400);
    expect(moved.body.Message).toBe(
      '“Booth”: The budget item “Paid search” belongs to another plan than the expense. Nothing was changed.',
    );

    const future = await createExpenseRow(t, acme, {
      planId: plan.id,
      itemId: item.id,
      amountCents: 100,
      status: 1,
      name: 'Autumn fair',
      purchaseDate: '2026-06-16',
    });
    const afterInsert = await snapshotTenant(t.database, acme.id);
    const actual = await t.post(BULK, { Rows: rowsBody([rows[0] as { id: string }, future]), Set: { Status: 3 } }, owner);
    expect(actual.status).toBe(400);
    expect(actual.body.Message).toMatch(/^“Autumn fair”: 2026-06-16 is after today \(2026-06-15\).+ Nothing was changed\.$/);
    expect(await snapshotTenant(t.database, acme.id)).toEqual(afterInsert);
    expect(afterInsert.expenses).not.toEqual(before.expenses);
  });

  it('lets only those who may edit the plan’s expenses: a Viewer 403, someone outside the team 404, nothing written', async () => {
    const { rows } = await fixture();
    const viewer = await acme.tokenFor('viewer');
    const outsider = await acme.tokenFor('outsider');
    const before = await snapshotTenant(t.database, acme.id);
    const refused = await t.post(BULK, { Rows: rowsBody(rows), Set: { Status: 2 } }, viewer);
    expect(refused.status).toBe(403);
    expect((await t.post(BULK, { Rows: rowsBody(rows), Set: { Status: 2 } }, outsider)).status).toBe(404);
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
  });

  it('answers 404 for another tenant’s expense or item and changes neither tenant', async () => {
    const mine = await fixture();
    const theirs = await fixture(other);
    const owner = await acme.tokenFor('owner');
    const beforeMine = await snapshotTenant(t.database, acme.id);
    const beforeTheirs = await snapshotTenant(t.database, other.id);
    const mixed = await t.post(BULK, { Rows: [...rowsBody(mine.rows), ...rowsBody(theirs.rows.slice(0, 1))], Set: { Status: 2 } }, owner);
    expect(mixed.status).toBe(404);
    const intoTheirs = await t.post(BULK, { Rows: rowsBody(mine.rows), Set: { BudgetItemId: theirs.item.id } }, owner);
    expect(intoTheirs.status).toBe(404);
    expect(intoTheirs.body.Message).toBe('The budget item was not found.');
    expect(await snapshotTenant(t.database, acme.id)).toEqual(beforeMine);
    expect(await snapshotTenant(t.database, other.id)).toEqual(beforeTheirs);
  });

  it('refuses a body without versions, with a row twice, or with nothing to change (400)', async () => {
    const { rows } = await fixture();
    const owner = await acme.tokenFor('owner');
    const first = rows[0] as { id: string };
    expect((await t.post(BULK, { Rows: [{ Id: first.id }], Set: { Status: 2 } }, owner)).status).toBe(400);
    const twice = await t.post(BULK, { Rows: [...rowsBody([first]), ...rowsBody([first])], Set: { Status: 2 } }, owner);
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('An expense is listed twice.');
    const nothing = await t.post(BULK, { Rows: rowsBody([first]), Set: {} }, owner);
    expect(nothing.status).toBe(400);
    expect(nothing.text).toContain('Choose something to change.');
    expect((await t.post(BULK, { Rows: [], Set: { Status: 2 } }, owner)).status).toBe(400);
  });
});

// Custom fields (DESIGN.md §16): in a tenant of their own, so the other tests' expenses have none.
describe('ExpenseClient/BulkEdit with custom fields', () => {
  it('sets a field on every row through Save’s check, keeps the other fields, and refuses a value not in the options naming the field', async () => {
    const fields = await createTenant(t, { name: 'Fields' });
    const owner = await fields.tokenFor('owner');
    const saveField = async (body: Record<string, unknown>) => {
      const saved = await t.post('/api/CustomFieldClient/Save', { Id: EMPTY_ID, Entity: 'Expense', Required: false, ...body }, owner);
      expect(saved.status, saved.text).toBe(200);
      return saved.body.Result.Id as string;
    };
    const region = await saveField({ Name: 'Region', Type: 'Select', Options: ['EMEA', 'NA', 'APAC'] });
    const note = await saveField({ Name: 'Note', Type: 'Text' });
    const { rows } = await fixture(fields);
    // “Booth” has a Note already; the bulk edit does not name Note, so it stays.
    await t.ctx.db
      .update(expenses)
      .set({ customFields: { [note]: 'Keep me' } })
      .where(eq(expenses.id, rows[0]?.id as string));

    const read = (versions: number[]) => rows.map((row, index) => ({ Id: row.id, Version: versions[index] }));
    const response = await t.post(
      BULK,
      { Rows: read([2, 1, 1]), Set: { CustomFields: { [region]: 'EMEA' } } },
      await fields.tokenFor('member'),
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result.Items.map((item: { CustomFields: unknown }) => item.CustomFields)).toEqual([
      { [note]: 'Keep me', [region]: 'EMEA' },
      { [region]: 'EMEA' },
      { [region]: 'EMEA' },
    ]);

    const before = await snapshotTenant(t.database, fields.id);
    const wrong = await t.post(BULK, { Rows: read([3, 2, 2]), Set: { Status: 2, CustomFields: { [region]: 'LATAM' } } }, owner);
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toMatch(/^“Booth”: Region .*EMEA, NA, APAC.* Nothing was changed\.$/);
    expect(wrong.body.Errors).toEqual([expect.objectContaining({ Field: `CustomFields.${region}` })]);
    // Another tenant's field is no field of this tenant's.
    const foreign = await t.post(BULK, { Rows: read([3, 2, 2]), Set: { CustomFields: { [newId()]: 'x' } } }, owner);
    expect(foreign.status).toBe(400);
    expect(await snapshotTenant(t.database, fields.id)).toEqual(before);

    // null clears the field on every row.
    const cleared = await t.post(BULK, { Rows: read([3, 2, 2]), Set: { CustomFields: { [region]: null } } }, owner);
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.Result.Items.map((item: { CustomFields: unknown }) => item.CustomFields)).toEqual([{ [note]: 'Keep me' }, {}, {}]);
  });
});
