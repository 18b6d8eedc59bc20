import { formatBase } from '../../../shared/format/money.ts';

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * An invoice's day, as the card provider dates it ("Nov 27, 2026"): invoice instants are read in
 * UTC, so the list and the printable invoice show the same day wherever they are opened.
 */
export const formatInvoiceDay = (instant: string | null | undefined): string => (instant ? dayFormat.format(new Date(instant)) : '');

/** An invoice's total as the list and the invoice say it: a negative total is a credit, not a charge or a payment. */
export const invoiceTotalText = (dollars: number): string => (dollars < 0 ? `${formatBase(-dollars)} credit` : formatBase(dollars));
