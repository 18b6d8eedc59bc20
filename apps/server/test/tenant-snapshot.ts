import type { Database } from '../src/db/client.ts';

/** The tables that hold a tenant's rows: every table with a tenant_id column, and tenants itself. */
const tenantTables = async (database: Database): Promise<string[]> => {
  const rows = await database.queryRows<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'tenant_id' ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
};

/**
 * A digest per table of every row a tenant owns (the whole row as text, in a stable order), so a
 * test can prove a refused request changed nothing: compare two snapshots with toEqual.
 */
export const snapshotTenant = async (database: Database, tenantId: string): Promise<Record<string, string>> => {
  const digests: Record<string, string> = {};
  const tables = await tenantTables(database);
  const digest = async (table: string, column: string) => {
    const [row] = await database.queryRows<{ digest: string; rows: number }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*)::int AS rows
         FROM "${table}" t WHERE ${column} = $1`,
      [tenantId],
    );
    digests[table] = `${row?.rows ?? 0} rows ${row?.digest ?? ''}`;
  };
  await digest('tenants', 'id');
  for (const table of tables) await digest(table, 'tenant_id');
  return digests;
};
