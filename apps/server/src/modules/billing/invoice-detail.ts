import type { InvoiceDetail } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/http-errors.ts';
import { toDollars } from '../../lib/money.ts';
import { providerFailure } from '../../plugins/errors.ts';
import { billingCustomers, subscriptions } from '../../schema/billing.ts';
import { tenants } from '../../schema/tenants.ts';

const INVOICE = 'The invoice';

const instant = (seconds: number | null | undefined): string | null => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** Every customer the tenant has had at the provider: its subscriptions' and the one kept for card setups. */
export const tenantCustomerIds = async (ctx: AppContext, tenantId: string): Promise<string[]> => {
  const [owned, kept] = await Promise.all([
    ctx.db.selectDistinct({ id: subscriptions.providerCustomerId }).from(subscriptions).where(eq(subscriptions.tenantId, tenantId)),
    ctx.db.select({ id: billingCustomers.providerCustomerId }).from(billingCustomers).where(eq(billingCustomers.tenantId, tenantId)),
  ]);
  return [...new Set([...owned, ...kept].map((row) => row.id))];
};

const customerIdOf = (customer: Stripe.Invoice['customer']): string | null =>
  typeof customer === 'string' ? customer : (customer?.id ?? null);

/**
 * One invoice with its lines, for the printable invoice page (issue 28 C1). The provider is asked
 * by id; an invoice of a customer that is not this tenant's answers 404 exactly like one that does
 * not exist, so an id seen elsewhere opens nothing. Amounts are the provider's, the same cents the
 * invoice list shows.
 */
export const createInvoiceDetailService = (ctx: AppContext, stripe: Stripe) => ({
  get: async (tenantId: string, invoiceId: string): Promise<InvoiceDetail> => {
    const [customers, [tenant]] = await Promise.all([
      tenantCustomerIds(ctx, tenantId),
      ctx.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)),
    ]);
    if (!tenant || customers.length === 0) throw notFound(INVOICE);
    let invoice: Stripe.Invoice;
    let lines: Stripe.InvoiceLineItem[];
    try {
      invoice = await stripe.invoices.retrieve(invoiceId);
      if (!customers.includes(customerIdOf(invoice.customer) ?? '')) throw notFound(INVOICE);
      // The invoice carries its first lines; a long one is read to the end.
      lines = invoice.lines.has_more
        ? await stripe.invoices.listLineItems(invoiceId, { limit: 100 }).autoPagingToArray({ limit: 1000 })
        : invoice.lines.data;
    } catch (error) {
      throw providerFailure(error, { missing: notFound(INVOICE) });
    }
    const total = invoice.total;
    return {
      Id: invoice.id ?? invoiceId,
      Number: invoice.number ?? null,
      Date: new Date(invoice.created * 1000).toISOString(),
      PeriodStart: instant(invoice.period_start),
      PeriodEnd: instant(invoice.period_end),
      // As the invoice list words it.
      Description:
        lines
          .map((line) => line.description)
          .filter(Boolean)
          .join('; ') ||
        (invoice.description ?? 'Subscription'),
      Amount: toDollars(total),
      AmountPaid: toDollars(invoice.amount_paid),
      Status: invoice.status ?? 'draft',
      Url: invoice.hosted_invoice_url ?? null,
      Company: tenant.name,
      CustomerEmail: invoice.customer_email ?? null,
      PaidAt: instant(invoice.status_transitions?.paid_at),
      Lines: lines.map((line) => ({
        Description: line.description ?? '',
        PeriodStart: instant(line.period?.start),
        PeriodEnd: instant(line.period?.end),
        Amount: toDollars(line.amount),
      })),
      Subtotal: toDollars(invoice.subtotal),
      AppliedBalance: toDollars(total > 0 ? Math.max(0, total - invoice.amount_due) : 0),
      AmountDue: toDollars(invoice.amount_due),
      Credit: toDollars(total < 0 ? -total : 0),
      PdfUrl: invoice.invoice_pdf ?? null,
    };
  },
});
