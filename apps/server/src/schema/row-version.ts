import { integer } from 'drizzle-orm/pg-core';

/**
 * The row's version (migration 0980, DESIGN.md §13): 1 when created, one more on every change. The
 * database's trigger counts it, so writers never set it; they compare it with the version the
 * person read (db/row-versions.ts).
 */
export const rowVersion = () => integer('version').notNull().default(1);
