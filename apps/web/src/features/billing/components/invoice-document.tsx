import './invoice-document.css';
import type { InvoiceDetail } from '@plansmith/contract';
import { formatBase } from '../../../shared/format/money.ts';
import { formatInvoiceDay, invoiceTotalText } from '../lib/invoice-format.ts';

const period = (start: string | null, end: string | null): string =>
  start && end ? `${formatInvoiceDay(start)} – ${formatInvoiceDay(end)}` : '';

/** A line's amount: a credit (unused time of the previous plan) reads with a minus sign. */
const signed = (dollars: number): string => (dollars < 0 ? `−${formatBase(-dollars)}` : formatBase(dollars));

const statusText = (invoice: InvoiceDetail): string =>
  invoice.Amount < 0 ? 'Credit' : `${invoice.Status.charAt(0).toUpperCase()}${invoice.Status.slice(1)}`;

/**
 * The invoice as a sheet of paper (issue 28 C1): who it is for, its number and dates, its lines and
 * totals, with the same cents as the invoice list. Drawn alike on screen and in print (the page's
 * print rules leave only this sheet); amounts in US dollars.
 */
export const InvoiceDocument = ({ invoice }: { invoice: InvoiceDetail }) => (
  <article className="invoice-sheet" aria-label={`Invoice ${invoice.Number ?? 'draft'}`}>
    <header className="invoice-head">
      <div>
        <div className="invoice-brand">Plansmith</div>
        <div className="invoice-muted">Marketing plans and budgets</div>
      </div>
      <div className="invoice-title">
        <h2>{invoice.Amount < 0 ? 'Credit note' : 'Invoice'}</h2>
        <dl className="invoice-facts">
          <dt>Number</dt>
          <dd>{invoice.Number ?? 'Draft'}</dd>
          <dt>Date</dt>
          <dd>{formatInvoiceDay(invoice.Date)}</dd>
          {invoice.PaidAt && invoice.Amount > 0 ? (
            <>
              <dt>Paid on</dt>
              <dd>{formatInvoiceDay(invoice.PaidAt)}</dd>
            </>
          ) : null}
          <dt>Status</dt>
          <dd>{statusText(invoice)}</dd>
        </dl>
      </div>
    </header>

    <section className="invoice-parties" aria-label="Billed to">
      <div className="invoice-muted">Billed to</div>
      <div className="invoice-company">{invoice.Company}</div>
      {invoice.CustomerEmail ? <div>{invoice.CustomerEmail}</div> : null}
      {invoice.PeriodStart && invoice.PeriodEnd ? (
        <div className="invoice-period">Service period: {period(invoice.PeriodStart, invoice.PeriodEnd)}</div>
      ) : null}
    </section>

    <table className="invoice-lines">
      <caption className="invoice-visually-hidden">Invoice lines</caption>
      <thead>
        <tr>
          <th scope="col">Description</th>
          <th scope="col" className="invoice-amount">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {invoice.Lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the provider's line order is fixed for an invoice
          <tr key={index}>
            <td>
              {line.Description}
              {line.PeriodStart && line.PeriodEnd ? <div className="invoice-muted">{period(line.PeriodStart, line.PeriodEnd)}</div> : null}
            </td>
            <td className="invoice-amount">{signed(line.Amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Subtotal</th>
          <td className="invoice-amount">{signed(invoice.Subtotal)}</td>
        </tr>
        <tr className="invoice-total">
          <th scope="row">Total</th>
          <td className="invoice-amount">{invoiceTotalText(invoice.Amount)}</td>
        </tr>
        {invoice.AppliedBalance > 0 ? (
          <tr>
            <th scope="row">Credit from earlier invoices</th>
            <td className="invoice-amount">{signed(-invoice.AppliedBalance)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row">Amount paid</th>
          <td className="invoice-amount">{formatBase(invoice.AmountPaid)}</td>
        </tr>
        <tr>
          <th scope="row">Left to pay</th>
          <td className="invoice-amount">{formatBase(Math.max(0, invoice.AmountDue - invoice.AmountPaid))}</td>
        </tr>
      </tfoot>
    </table>

    {invoice.Credit > 0 ? (
      <p className="invoice-note" role="note">
        Nothing was charged: {formatBase(invoice.Credit)} is a credit kept on your account and taken off your next invoices.
      </p>
    ) : null}
    <p className="invoice-muted invoice-footnote">Amounts in US dollars.</p>
  </article>
);
