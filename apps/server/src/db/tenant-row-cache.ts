import type { Database } from './client.ts';

/** Sent with a tenant's id whenever one of its users or its tenant row changes (migration 0950). */
export const IDENTITY_CHANNEL = 'plansmith_identity_changes';

/** Tenants kept at most per database; the longest kept goes first. */
const MAX_TENANTS = 10_000;

/**
 * Rows read on nearly every request and changed rarely (who the caller is, their tenant), kept in
 * memory per tenant. The database itself says when to drop them: the triggers of migration 0950
 * send the tenant's id when a change to its users or tenant row commits, from any process, and
 * the tenant's rows go. On PGlite that happens before the writer resumes (one process, one
 * session), so a kept row is never older than the database. On PostgreSQL a notice from another
 * instance takes a moment to arrive; this instance's own writes also drop the rows directly
 * (forgetTenantRows), and nothing is kept while the listening connection is down.
 */
export type TenantRowCache = {
  /**
   * The row `load` answers for this tenant and key, from memory when nothing of the tenant has
   * changed since it was read. An answer of null or undefined is not kept. Kept rows are frozen.
   */
  read: <T>(tenantId: string, key: string, load: () => Promise<T>) => Promise<T>;
};

type Kept = { generation: number; rows: Map<string, unknown> };

type Cache = TenantRowCache & { forget: (tenantId: string) => void };

const caches = new WeakMap<Database, Cache>();
/** Every cache of this process, for forgetTenantRows (a process may hold several databases: tests). */
const everyCache = new Set<WeakRef<Cache>>();

const createCache = (database: Database): Cache => {
  let live = false;
  let epoch = 0;
  const tenants = new Map<string, Kept>();

  const forgetAll = () => {
    epoch += 1;
    tenants.clear();
  };
  const forget = (tenantId: string) => {
    const kept = tenants.get(tenantId);
    if (!kept) return;
    kept.generation += 1;
    kept.rows.clear();
  };

  database.listen(IDENTITY_CHANNEL, forget, (isLive) => {
    live = isLive;
    forgetAll();
  });

  return {
    forget,
    read: async <T>(tenantId: string, key: string, load: () => Promise<T>): Promise<T> => {
      let kept = tenants.get(tenantId);
      if (kept?.rows.has(key)) return kept.rows.get(key) as T;
      if (!live) return load();
      if (!kept) {
        kept = { generation: 0, rows: new Map() };
        tenants.set(tenantId, kept);
        if (tenants.size > MAX_TENANTS) tenants.delete(tenants.keys().next().value as string);
      }
      const before = { kept, generation: kept.generation, epoch };
      const row = await load();
      // Kept only when no change to the tenant was announced while it was read: a row read just
      // before a change commits would otherwise outlive the notice that should have dropped it.
      const unchanged = live && epoch === before.epoch && tenants.get(tenantId) === before.kept && kept.generation === before.generation;
      if (unchanged && row !== null && row !== undefined) kept.rows.set(key, typeof row === 'object' ? Object.freeze(row) : row);
      return row;
    },
  };
};

/** The cache of one database, made (and listening) on first use. */
export const tenantRowCache = (database: Database): TenantRowCache => {
  let cache = caches.get(database);
  if (!cache) {
    cache = createCache(database);
    caches.set(database, cache);
    everyCache.add(new WeakRef(cache));
  }
  return cache;
};

/**
 * Drops a tenant's kept rows in this process at once. Called where its users or tenant row are
 * written, so this instance's next request sees the change even before the database's notice
 * arrives (PostgreSQL); the notice still follows, and reaches the other instances.
 */
export const forgetTenantRows = (tenantId: string): void => {
  for (const ref of everyCache) {
    const cache = ref.deref();
    if (cache) cache.forget(tenantId);
    else everyCache.delete(ref);
  }
};
