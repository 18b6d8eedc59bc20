import { App, Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/api-error.ts';

/**
 * Import (a link to /import for this kind) and Export as CSV or XLSX. The export code, papaparse
 * and write-excel-file load when a button is pressed, never with the page.
 */
export const ImportExportButtons = ({
  importHref,
  canImport,
  what,
  onExport,
}: {
  importHref: string;
  canImport: boolean;
  /** "expenses", "budget items": for the buttons' names. */
  what: string;
  onExport: (format: 'csv' | 'xlsx') => Promise<void>;
}) => {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await onExport(format);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setExporting(null);
    }
  };
  return (
    <>
      {canImport ? <Button onClick={() => void navigate(importHref)}>Import</Button> : null}
      <Button loading={exporting === 'csv'} title={`Download the ${what} as a CSV file`} onClick={() => void run('csv')}>
        Export CSV
      </Button>
      <Button loading={exporting === 'xlsx'} title={`Download the ${what} as an Excel workbook`} onClick={() => void run('xlsx')}>
        Export XLSX
      </Button>
    </>
  );
};
