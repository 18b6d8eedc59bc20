import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { approvalRequests } from '../../schema/approvals.ts';
import { REQUEST } from './approval-rules.ts';

/** How many of a plan's requests wait for a decision, and their money (the dashboard's "Waiting for approval"). */
export const sumPendingRequests = async (db: Db, tenantId: string, planId: string): Promise<{ count: number; amountCents: number }> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${approvalRequests.amountCents}), 0)::bigint` })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.tenantId, tenantId),
        eq(approvalRequests.marketingPlanId, planId),
        eq(approvalRequests.status, REQUEST.pending),
      ),
    );
  return { count: Number(row?.count ?? 0), amountCents: Number(row?.amount ?? 0) };
};

/** A plan's requests pending since before `before` (the weekly digest's old requests), oldest first. */
export const listOldPendingRequests = async (
  db: Db,
  tenantId: string,
  planId: string,
  before: Date,
): Promise<Array<{ what: string; amountCents: number; requestedAt: Date }>> =>
  db
    .select({ what: approvalRequests.what, amountCents: approvalRequests.amountCents, requestedAt: approvalRequests.requestedAt })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.tenantId, tenantId),
        eq(approvalRequests.marketingPlanId, planId),
        eq(approvalRequests.status, REQUEST.pending),
        lt(approvalRequests.requestedAt, before),
      ),
    )
    .orderBy(approvalRequests.requestedAt, approvalRequests.id);
