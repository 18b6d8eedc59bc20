import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { describeStatements, openCountingPglite, type StatementLog } from './bench-kit.ts';

let database: Database;
let statements: StatementLog;
beforeAll(async () => {
  ({ database, statements } = await openCountingPglite());
});
afterAll(async () => database.close());

describe('the bench statement log', () => {
  it('sees the statements a transaction runs, with its BEGIN and COMMIT', async () => {
    const sent = await statements.during(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM tenants`);
        await tx.execute(sql`UPDATE tenants SET name = name WHERE false`);
      }),
    );
    expect(sent.map((statement) => statement.inTransaction)).toEqual([true, true, true, true]);
    expect(describeStatements(sent)).toBe('4: begin, select tenants, update tenants, commit (4 in a transaction)');
  });

  it('describes plain statements from the SQL they sent', async () => {
    const sent = await statements.during(async () => {
      await database.db.execute(sql`SELECT u.id FROM users u JOIN tenants t ON t.id = u.tenant_id`);
      await database.queryRows('SELECT 1');
    });
    expect(describeStatements(sent)).toBe('2: select users, select');
  });
});
