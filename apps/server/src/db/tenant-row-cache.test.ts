// The tenant row cache on the database the pass runs on (PGlite, and PostgreSQL in its pass): rows
// are kept, and dropped by the database's own notice when a tenant's users or tenant row change.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, type TestTenant } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { tenants, users } from '../schema/tenants.ts';
import { forgetTenantRows, tenantRowCache } from './tenant-row-cache.ts';

let t: TestApp;
let acme: TestTenant;
let globex: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  globex = await createTenant(t, { name: 'Globex' });
});
afterAll(() => t.close());

/** Reads the tenant's name through the cache, counting the reads that reach the database. */
const nameReader = (tenant: TestTenant) => {
  let loads = 0;
  const read = () =>
    tenantRowCache(t.database).read(tenant.id, 'test:name', async () => {
      loads += 1;
      const [row] = await t.ctx.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenant.id));
      return row;
    });
  return { read, loads: () => loads };
};

/** The cache listens from its first use on; on PostgreSQL the LISTEN takes a moment. */
const untilKept = async (reader: ReturnType<typeof nameReader>) => {
  await vi.waitFor(async () => {
    const before = reader.loads();
    await reader.read();
    expect(reader.loads()).toBe(before);
  });
};

const renameInSql = async (tenant: TestTenant, name: string) => {
  await t.ctx.db.execute(sql`UPDATE tenants SET name = ${name} WHERE id = ${tenant.id}`);
};

describe('the tenant row cache', () => {
  it('answers a kept row without reaching the database again', async () => {
    const reader = nameReader(acme);
    await untilKept(reader);
    const loads = reader.loads();
    for (let i = 0; i < 5; i += 1) expect(await reader.read()).toEqual({ name: 'Acme' });
    expect(reader.loads()).toBe(loads);
  });

  it('drops a tenant’s rows when its tenant row changes, even by hand in SQL, and leaves other tenants’ rows', async () => {
    const acmeName = nameReader(acme);
    const globexName = nameReader(globex);
    await untilKept(acmeName);
    await untilKept(globexName);
    const globexLoads = globexName.loads();

    await renameInSql(acme, 'Acme Renamed');
    // PGlite handles the notice before the UPDATE's caller resumes; PostgreSQL's arrives a moment later.
    if (t.database.kind === 'pglite') expect(await acmeName.read()).toEqual({ name: 'Acme Renamed' });
    await vi.waitFor(async () => expect(await acmeName.read()).toEqual({ name: 'Acme Renamed' }));
    expect(await globexName.read()).toEqual({ name: 'Globex' });
    expect(globexName.loads()).toBe(globexLoads);
    await renameInSql(acme, 'Acme');
  });

  it('drops a tenant’s rows when one of its users changes', async () => {
    const reader = nameReader(acme);
    await untilKept(reader);
    const loads = reader.loads();
    await t.ctx.db.update(users).set({ firstName: 'Changed' }).where(eq(users.id, acme.users.member.id));
    await vi.waitFor(async () => {
      await reader.read();
      expect(reader.loads()).toBeGreaterThan(loads);
    });
  });

  it('does not keep a row read while a change to its tenant was announced', async () => {
    const reader = nameReader(globex);
    await untilKept(reader);
    forgetTenantRows(globex.id);

    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A read that started before the change and answers after it must not be kept.
    const slow = tenantRowCache(t.database).read(globex.id, 'test:name', async () => {
      await gate;
      return { name: 'read before the change' };
    });
    forgetTenantRows(globex.id);
    release();
    expect(await slow).toEqual({ name: 'read before the change' });
    const loads = reader.loads();
    expect(await reader.read()).toEqual({ name: 'Globex' });
    expect(reader.loads()).toBe(loads + 1);
  });

  it('keeps no answer that is missing, and freezes what it keeps', async () => {
    let loads = 0;
    const missing = () =>
      tenantRowCache(t.database).read(acme.id, 'test:missing', async () => {
        loads += 1;
        return undefined;
      });
    await missing();
    await missing();
    expect(loads).toBe(2);
    const reader = nameReader(acme);
    await untilKept(reader);
    expect(Object.isFrozen(await reader.read())).toBe(true);
  });
});
