import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { getHref } from '@plansmith/contract';
import { Button, Flex } from 'antd';
import { Link, useParams } from 'react-router';
import { useInvoice } from '../../features/billing/api/billing-api.ts';
import { InvoiceDocument } from '../../features/billing/components/invoice-document.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

/** /account/biling/invoices/:id (Owner): one invoice, printable or saved as PDF from the print dialog (issue 28 C1). */
export const InvoicePage = () => {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  return (
    <>
      <Flex className="no-print" justify="space-between" align="center" gap={8} wrap style={{ maxWidth: 800, margin: '0 auto 16px' }}>
        <Link to={getHref('billing')}>
          <ArrowLeftOutlined /> Billing
        </Link>
        {invoice.data ? (
          <Flex gap={8} wrap>
            {invoice.data.PdfUrl ? (
              <Button href={invoice.data.PdfUrl} target="_blank" rel="noopener noreferrer">
                Provider's PDF
              </Button>
            ) : null}
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
              Print / Save as PDF
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {invoice.isPending ? <LoadingState label="Loading the invoice…" /> : null}
      {invoice.isError ? (
        <ErrorState error={invoice.error} onRetry={() => void invoice.refetch()} title="The invoice could not be loaded." />
      ) : null}
      {invoice.data ? <InvoiceDocument invoice={invoice.data} /> : null}
    </>
  );
};
