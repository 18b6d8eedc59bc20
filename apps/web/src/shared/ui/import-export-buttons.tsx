import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api/api-error.ts';

/**
 * Import (a link to /import for this kind) and Export as CSV or XLSX. The export code, papaparse
 * and exceljs load when a button is pressed, never with the page.
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
      {canImport ? (
        <Link to={importHref}>
          <Button icon={<UploadOutlined />} aria-label={`Import ${what} from a file`}>
            Import
          </Button>
        </Link>
      ) : null}
      <Button
        icon={<DownloadOutlined />}
        loading={exporting === 'csv'}
        aria-label={`Export ${what} as CSV`}
        onClick={() => void run('csv')}
      >
        CSV
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={exporting === 'xlsx'}
        aria-label={`Export ${what} as XLSX`}
        onClick={() => void run('xlsx')}
      >
        XLSX
      </Button>
    </>
  );
};
