import type { CurrencyCode } from '@plansmith/contract/currency-codes';
import { date, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rowVersion } from './row-version.ts';
import { tenants } from './tenants.ts';

/** A tenant's monthly rates to its base currency: 1 unit of `currency` = `rate` units of the base (migration 1070, DESIGN.md §17). */
export const fxRates = pgTable(
  'fx_rates',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    /** First day of the month, YYYY-MM-01 */
    month: date('month', { mode: 'string' }).notNull(),
    /** numeric(20, 8): read as a string, exact. */
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    version: rowVersion(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.currency, table.month] })],
);
