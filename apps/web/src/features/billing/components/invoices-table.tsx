import { getHref, type Invoice } from '@plansmith/contract';
import { Tag } from 'antd';
import { ResponsiveTable } from '../../../shared/ui/responsive-table.tsx';
import { Link } from 'react-router';
import { formatInvoiceDay, invoiceTotalText } from '../lib/invoice-format.ts';
import { useInvoices } from '../api/billing-api.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { MONEY_COLUMN } from '../../../shared/ui/money-column.ts';

const day = formatInvoiceDay;

/** Past invoices from the card provider: date, number, what for, amount and status. */
export const InvoicesTable = () => {
  const invoices = useInvoices();
  if (invoices.isPending) return <LoadingState label="Loading invoices…" />;
  if (invoices.isError)
    return <ErrorState error={invoices.error} onRetry={() => void invoices.refetch()} title="The invoices could not be loaded." />;
  if (invoices.data.length === 0) return <EmptyState description="No invoices yet. They appear here once a paid plan is charged." />;
  return (
    <ResponsiveTable<Invoice>
      rowKey="Id"
      size="middle"
      pagination={false}
      dataSource={invoices.data}
      columns={[
        { title: 'Date', dataIndex: 'Date', render: (value: string) => day(value) },
        {
          title: 'Number',
          dataIndex: 'Number',
          // Our printable invoice (print or save as PDF), for the sandbox's invoices and Stripe's alike.
          render: (value: string | null, invoice) => (
            <Link to={getHref('invoice', { id: invoice.Id })} aria-label={`Invoice ${value ?? 'draft'}, printable`}>
              {value ?? 'Draft'}
            </Link>
          ),
        },
        {
          title: 'Description',
          dataIndex: 'Description',
          render: (value: string, invoice) => (
            <>
              {value}
              {invoice.PeriodStart && invoice.PeriodEnd ? (
                <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 12 }}>
                  {day(invoice.PeriodStart)} – {day(invoice.PeriodEnd)}
                </div>
              ) : null}
            </>
          ),
        },
        {
          title: 'Amount',
          dataIndex: 'Amount',
          ...MONEY_COLUMN,
          // A negative total is a credit: nothing was charged, it is kept for the next invoices.
          render: (value: number) => invoiceTotalText(value),
        },
        {
          title: 'Status',
          dataIndex: 'Status',
          render: (value: string, invoice) =>
            invoice.Amount < 0 ? (
              <Tag color="blue">credit</Tag>
            ) : (
              <Tag color={value === 'paid' ? 'green' : value === 'open' ? 'orange' : 'default'}>{value}</Tag>
            ),
        },
      ]}
    />
  );
};
