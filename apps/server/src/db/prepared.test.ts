import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../schema/tenants.ts';
import { definePreparedRead, openDatabase } from './client.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

type UserRow = { email: string; active: boolean; tokenVersion: number; createdAt: Date; metaData: Record<string, unknown> };
const userById = definePreparedRead<UserRow>(
  'test_user_by_id',
  `SELECT email, active, token_version AS "tokenVersion", created_at AS "createdAt", meta_data AS "metaData"
     FROM users WHERE tenant_id = $1 AND id = $2`,
);

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

const readOwner = async () => (await userById(t.database)([tenant.id, tenant.users.owner.id]))[0];

describe('prepared reads', () => {
  it('answers rows under the statement’s column names, typed as Drizzle reads them', async () => {
    const [drizzleRow] = await t.ctx.db.select().from(users).where(eq(users.id, tenant.users.owner.id));
    const row = await readOwner();
    expect(row).toEqual({
      email: drizzleRow?.email,
      active: true,
      tokenVersion: drizzleRow?.tokenVersion,
      createdAt: drizzleRow?.createdAt,
      metaData: drizzleRow?.metaData,
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('answers no rows for an id that does not exist', async () => {
    expect(await userById(t.database)([tenant.id, '00000000-0000-4000-8000-000000000000'])).toEqual([]);
  });

  it('reads the current value every time: a change is seen by the next run', async () => {
    const before = (await readOwner())?.tokenVersion ?? 0;
    await t.ctx.db
      .update(users)
      .set({ tokenVersion: before + 1 })
      .where(eq(users.id, tenant.users.owner.id));
    expect((await readOwner())?.tokenVersion).toBe(before + 1);
  });

  it('never sees another caller’s uncommitted write, even while that transaction is open', async () => {
    const before = (await readOwner())?.tokenVersion ?? 0;
    let duringTransaction: Promise<UserRow | undefined> | undefined;
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ tokenVersion: before + 100 })
          .where(eq(users.id, tenant.users.owner.id));
        duringTransaction = readOwner();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await duringTransaction)?.tokenVersion).toBe(before);
  });

  it('rejects a bad parameter with the database’s error and keeps working afterwards', async () => {
    await expect(userById(t.database)([tenant.id, 'not-a-uuid'])).rejects.toMatchObject({ code: '22P02' });
    expect((await readOwner())?.email).toBe(tenant.users.owner.email);
  });

  it('on a closed PGlite fails as an outage (503), not as a failing statement', async () => {
    const closed = await openDatabase({ dataDir: 'memory://' });
    await closed.close();
    const error = await closed
      .prepareRead(
        'closed_probe',
        'SELECT 1',
      )([])
      .catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
