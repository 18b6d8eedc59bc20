import { DEFAULT_LOCALE } from '@plansmith/contract/currency-codes';
import type { MoneyFormat } from '@plansmith/contract/display-format';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants, users } from '../../schema/tenants.ts';

/**
 * How each reader of a mail or inbox entry sees amounts (DESIGN.md §17): their profile locale and the
 * tenant's base currency (every total is in it). One read for all the recipients of a notice.
 */
export const readerFormats = async (db: Db, tenantId: string, userIds: readonly string[]): Promise<(userId: string) => MoneyFormat> => {
  const [tenant] = await db.select({ baseCurrency: tenants.baseCurrency }).from(tenants).where(eq(tenants.id, tenantId));
  const currency = tenant?.baseCurrency ?? 'USD';
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({ id: users.id, locale: users.locale })
          .from(users)
          .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set(userIds)])));
  const locales = new Map(rows.map((row) => [row.id, row.locale]));
  return (userId) => ({ locale: locales.get(userId) ?? DEFAULT_LOCALE, currency });
};

/**
 * How a text every reader shares (an activity line, a message) writes amounts: en-US, in the tenant's
 * base currency (DESIGN.md §17). A mail to one person uses readerFormats instead.
 */
export const sharedFormat = async (db: Db, tenantId: string): Promise<MoneyFormat> => (await readerFormats(db, tenantId, []))('');
