import { formatMinorIn } from '@plansmith/contract/display-format';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SandboxObject, sandboxObjects } from '../../schema/stripe-sandbox.ts';
import { putObject, recordEvent, sandboxId } from './sandbox.store.ts';

type Price = { id: unknown; unit_amount: number; recurring: { interval: string }; product: string };
type Line = { description: string; amount: number; periodStart: number; periodEnd: number; price?: Price; proration: boolean };

const planName = (price: Price) => {
  const code = price.product.replace(/^prod_/, '');
  return `Plansmith ${code.charAt(0).toUpperCase()}${code.slice(1)}`;
};

/** Stripe's wording of a subscription line: "1 × Plansmith Performance (at $99.00 / month)". */
export const subscriptionLine = (price: Price, periodStart: number, periodEnd: number): Line => ({
  description: `1 × ${planName(price)} (at ${formatMinorIn('en-US', price.unit_amount, 'USD')} / ${price.recurring.interval})`,
  amount: price.unit_amount,
  periodStart,
  periodEnd,
  price,
  proration: false,
});

/** The credit for the unused part of the old price when a plan changes mid-period. */
export const unusedTimeLine = (price: Price, periodStart: number, periodEnd: number, now: number): Line | null => {
  const length = periodEnd - periodStart;
  const left = Math.max(0, periodEnd - now);
  if (length <= 0 || left === 0) return null;
  return {
    description: `Unused time on ${planName(price)} after ${new Date(now * 1000).toISOString().slice(0, 10)}`,
    amount: -Math.round((price.unit_amount * left) / length),
    periodStart: now,
    periodEnd,
    price,
    proration: true,
  };
};

const countInvoices = async (db: Db, customerId: string): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sandboxObjects)
    .where(and(eq(sandboxObjects.object, 'invoice'), sql`${sandboxObjects.data}->>'customer' = ${customerId}`));
  return Number(row?.count ?? 0);
};

/**
 * A paid invoice for a subscription (the sandbox charges at once: every test card that got this
 * far succeeds). A negative total is a credit: nothing is charged. Records invoice.paid.
 */
export const createPaidInvoice = async (
  db: Db,
  input: { customerId: string; subscriptionId: string; reason: 'subscription_create' | 'subscription_update'; lines: Line[]; now: Date },
): Promise<SandboxObject> => {
  const created = Math.floor(input.now.getTime() / 1000);
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const sequence = (await countInvoices(db, input.customerId)) + 1;
  const id = sandboxId('in');
  const invoice: SandboxObject = {
    id,
    object: 'invoice',
    customer: input.customerId,
    number: `${input.customerId.slice(4, 12).toUpperCase()}-${String(sequence).padStart(4, '0')}`,
    status: 'paid',
    billing_reason: input.reason,
    currency: 'usd',
    created,
    period_start: Math.min(...input.lines.map((line) => line.periodStart)),
    period_end: Math.max(...input.lines.map((line) => line.periodEnd)),
    subtotal: total,
    total,
    amount_due: Math.max(0, total),
    amount_paid: Math.max(0, total),
    amount_remaining: 0,
    description: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    parent: { type: 'subscription_details', subscription_details: { subscription: input.subscriptionId, metadata: {} } },
    status_transitions: { paid_at: created, finalized_at: created },
    lines: {
      object: 'list',
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
      data: input.lines.map((line) => ({
        id: sandboxId('il'),
        object: 'line_item',
        amount: line.amount,
        currency: 'usd',
        description: line.description,
        period: { start: line.periodStart, end: line.periodEnd },
        livemode: false,
      })),
    },
    livemode: false,
  };
  await putObject(db, invoice, input.now);
  await recordEvent(db, 'invoice.paid', invoice, input.now);
  return invoice;
};

/** GET /v1/invoices?customer=…: the customer's invoices, newest first (Stripe's list shape). */
export const listInvoices = async (db: Db, customerId: string | undefined, limit: number) => {
  const rows = await db
    .select({ data: sandboxObjects.data })
    .from(sandboxObjects)
    .where(and(eq(sandboxObjects.object, 'invoice'), customerId ? sql`${sandboxObjects.data}->>'customer' = ${customerId}` : undefined))
    .orderBy(desc(sql`(${sandboxObjects.data}->>'created')::bigint`), desc(sandboxObjects.createdAt))
    .limit(limit + 1);
  return {
    object: 'list',
    url: '/v1/invoices',
    has_more: rows.length > limit,
    data: rows.slice(0, limit).map((row) => row.data),
  };
};
