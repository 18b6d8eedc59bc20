import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { validateCustomFields } from './index.ts';

const API = '/api/CustomFieldClient';
let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t, { name: 'Fields' });
  other = await createTenant(t, { name: 'Other fields' });
});
afterAll(async () => t.close());

const save = async (body: Record<string, unknown>, who: keyof TestTenant['users'] = 'admin', on = tenant) =>
  t.post(`${API}/Save`, body, await on.tokenFor(who));

describe('CustomFieldClient (DESIGN.md §16)', () => {
  it('an Admin and an Owner add, edit and delete fields; everyone signed in lists them; a Member or Viewer cannot change them', async () => {
    const created = await save({ Entity: 'Expense', Name: 'Region', Type: 'Select', Options: ['EMEA', 'NA', 'APAC'] });
    expect(created.status).toBe(200);
    expect(created.body.Result).toMatchObject({
      Entity: 'Expense',
      Name: 'Region',
      Type: 'Select',
      Options: ['EMEA', 'NA', 'APAC'],
      Required: false,
      Version: 1,
    });
    for (const who of ['member', 'viewer', 'outsider'] as const) {
      expect((await save({ Entity: 'Expense', Name: `By ${who}`, Type: 'Text' }, who)).status).toBe(403);
      const listed = await t.post(`${API}/List`, { Entity: 'Expense' }, await tenant.tokenFor(who));
      expect(listed.body.Result.map((field: { Name: string }) => field.Name)).toContain('Region');
    }
    const renamed = await save(
      {
        Id: created.body.Result.Id,
        Version: 1,
        Entity: 'Expense',
        Name: 'Sales region',
        Type: 'Select',
        Options: ['EMEA', 'NA', 'APAC', 'LATAM'],
        Required: true,
      },
      'owner',
    );
    expect(renamed.body.Result).toMatchObject({
      Name: 'Sales region',
      Required: true,
      Version: 2,
      Options: ['EMEA', 'NA', 'APAC', 'LATAM'],
    });
    expect((await save({ Id: created.body.Result.Id, Entity: 'Expense', Name: 'No version', Type: 'Text' })).status).toBe(400);
    const stale = await save({
      Id: created.body.Result.Id,
      Version: 1,
      Entity: 'Expense',
      Name: 'Stale',
      Type: 'Select',
      Options: ['EMEA'],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.Result).toMatchObject({ Name: 'Sales region', Version: 2 });
    expect((await t.post(`${API}/Delete`, { Id: created.body.Result.Id, Version: 2 }, await tenant.tokenFor('member'))).status).toBe(403);
    expect((await t.post(`${API}/Delete`, { Id: created.body.Result.Id, Version: 1 }, await tenant.tokenFor('admin'))).status).toBe(409);
    expect((await t.post(`${API}/Delete`, { Id: created.body.Result.Id, Version: 2 }, await tenant.tokenFor('admin'))).body.Result).toBe(
      true,
    );
  });

  it('refuses a Select without options, a Text with options, a duplicate option and a name already used by the entity (ignoring case)', async () => {
    expect((await save({ Entity: 'BudgetItem', Name: 'Channel', Type: 'MultiSelect', Options: [] })).body.Message).toBe(
      'A MultiSelect field needs at least one option.',
    );
    expect((await save({ Entity: 'BudgetItem', Name: 'Note', Type: 'Text', Options: ['a'] })).body.Message).toBe(
      'A Text field has no options.',
    );
    expect((await save({ Entity: 'BudgetItem', Name: 'Channel', Type: 'MultiSelect', Options: ['Web', 'web'] })).body.Message).toBe(
      'The option “web” is listed twice.',
    );
    expect((await save({ Entity: 'BudgetItem', Name: 'Channel', Type: 'MultiSelect', Options: ['Web, mail'] })).status).toBe(400);
    expect((await save({ Entity: 'BudgetItem', Name: 'Product line', Type: 'Text' })).status).toBe(200);
    const same = await save({ Entity: 'BudgetItem', Name: 'PRODUCT LINE', Type: 'Number' });
    expect(same.status).toBe(409);
    expect(same.body.Message).toBe('A budget item field named “Product line” already exists.');
    // Another entity may use the name.
    expect((await save({ Entity: 'Campaign', Name: 'Product line', Type: 'Text' })).status).toBe(200);
  });

  it('allows 25 fields per entity and answers 400 for the 26th', async () => {
    for (let index = 1; index <= 25; index += 1) {
      const made = await save({ Entity: 'Expense', Name: `Field ${index}`, Type: 'Number' }, 'admin', other);
      expect(made.status).toBe(200);
      expect(made.body.Result.Position).toBe(index - 1);
    }
    const before = await snapshotTenant(t.database, other.id);
    const extra = await save({ Entity: 'Expense', Name: 'Field 26', Type: 'Number' }, 'admin', other);
    expect(extra.status).toBe(400);
    expect(extra.body.Message).toBe('Expenses can have at most 25 custom fields.');
    expect(await snapshotTenant(t.database, other.id)).toEqual(before);
    // Budget items count on their own.
    expect((await save({ Entity: 'BudgetItem', Name: 'Field 26', Type: 'Number' }, 'admin', other)).status).toBe(200);
  });

  it('answers 404 for another tenant’s field and changes nothing', async () => {
    const theirs = (await save({ Entity: 'Campaign', Name: 'Theirs', Type: 'Text' }, 'admin', other)).body.Result;
    const before = await snapshotTenant(t.database, other.id);
    expect((await save({ Id: theirs.Id, Version: 1, Entity: 'Campaign', Name: 'Mine now', Type: 'Text' })).status).toBe(404);
    expect((await t.post(`${API}/Delete`, { Id: theirs.Id, Version: 1 }, await tenant.tokenFor('admin'))).status).toBe(404);
    expect(await snapshotTenant(t.database, other.id)).toEqual(before);
    const mine = await t.post(`${API}/List`, {}, await tenant.tokenFor('admin'));
    expect(mine.body.Result.map((field: { Id: string }) => field.Id)).not.toContain(theirs.Id);
  });
});

describe('validateCustomFields at every boundary', () => {
  let fields: Record<string, string>;
  beforeAll(async () => {
    const make = async (body: Record<string, unknown>) => (await save({ Entity: 'Campaign', ...body })).body.Result.Id as string;
    fields = {
      note: await make({ Name: 'Note', Type: 'Text' }),
      owner: await make({ Name: 'Budget owner', Type: 'Text', Required: true }),
      reach: await make({ Name: 'Reach', Type: 'Number' }),
      launch: await make({ Name: 'Launch', Type: 'Date' }),
      region: await make({ Name: 'Region', Type: 'Select', Options: ['EMEA', 'NA', 'APAC'] }),
      channel: await make({ Name: 'Channel', Type: 'MultiSelect', Options: ['Web', 'Email', 'Events'] }),
    };
  });
  const validate = (incoming: Record<string, unknown> | undefined, existing: Record<string, unknown> | null = null) =>
    validateCustomFields(t.ctx.db, tenant.id, 'Campaign', incoming, existing);
  const refused = async (incoming: Record<string, unknown>, existing: Record<string, unknown> | null = null) => {
    try {
      await validate(incoming, existing);
    } catch (error) {
      return { status: (error as { statusCode: number }).statusCode, message: (error as Error).message };
    }
    throw new Error('validateCustomFields accepted it');
  };

  it('stores each type’s value, trimmed and in the option’s own spelling and order', async () => {
    const stored = await validate({
      [fields.owner as string]: '  Dana ',
      [fields.reach as string]: 12.345,
      [fields.launch as string]: '2026-02-28',
      [fields.region as string]: 'emea',
      [fields.channel as string]: ['Events', 'web'],
      [fields.note as string]: '',
    });
    expect(stored).toEqual({
      [fields.owner as string]: 'Dana',
      [fields.reach as string]: 12.345,
      [fields.launch as string]: '2026-02-28',
      [fields.region as string]: 'EMEA',
      [fields.channel as string]: ['Web', 'Events'],
    });
  });

  it('refuses a required field left empty, an empty string included, naming it', async () => {
    expect(await refused({})).toEqual({ status: 400, message: 'Budget owner is required.' });
    expect(await refused({ [fields.owner as string]: '   ' })).toEqual({ status: 400, message: 'Budget owner is required.' });
    expect(await refused({ [fields.owner as string]: null }, { [fields.owner as string]: 'Dana' })).toEqual({
      status: 400,
      message: 'Budget owner is required.',
    });
  });

  it('refuses a number sent as text ("12a"), a date that does not exist, an option not in the list and a tag listed twice', async () => {
    const owner = { [fields.owner as string]: 'Dana' };
    expect(await refused({ ...owner, [fields.reach as string]: '12a' })).toEqual({ status: 400, message: 'Reach must be a number.' });
    expect(await refused({ ...owner, [fields.launch as string]: '2026-02-30' })).toEqual({
      status: 400,
      message: 'Launch must be a real date in the form YYYY-MM-DD.',
    });
    expect(await refused({ ...owner, [fields.launch as string]: '2026-13-01' })).toMatchObject({ status: 400 });
    expect(await refused({ ...owner, [fields.region as string]: 'LATAM' })).toEqual({
      status: 400,
      message: 'Region must be one of EMEA, NA, APAC.',
    });
    expect(await refused({ ...owner, [fields.channel as string]: ['Web', 'WEB'] })).toEqual({
      status: 400,
      message: 'Channel lists “Web” twice.',
    });
    expect(await refused({ ...owner, [fields.channel as string]: 'Web' })).toMatchObject({ status: 400 });
    expect(await refused({ ...owner, '00000000-0000-4000-8000-000000000000': 'x' })).toMatchObject({ status: 400 });
    // Leap day and month ends pass.
    expect(await validate({ ...owner, [fields.launch as string]: '2028-02-29' })).toMatchObject({
      [fields.launch as string]: '2028-02-29',
    });
    expect(await refused({ ...owner, [fields.launch as string]: '2026-02-29' })).toMatchObject({ status: 400 });
  });

  it('keeps the stored values when CustomFields is left out, and merges the keys sent over them', async () => {
    const existing = { [fields.owner as string]: 'Dana', [fields.region as string]: 'NA' };
    expect(await validate(undefined, existing)).toEqual(existing);
    expect(await validate({ [fields.region as string]: null, [fields.reach as string]: 0 }, existing)).toEqual({
      [fields.owner as string]: 'Dana',
      [fields.reach as string]: 0,
    });
  });
});
