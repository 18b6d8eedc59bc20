import {
  IMPORT_DATE_ORDER_LABELS,
  IMPORT_DATE_ORDERS,
  type ImportDateOrder,
  type ImportEdit,
  type ImportMapping,
  type ImportPreview,
  type ImportCreate,
  type ImportReplacement,
} from '@plansmith/contract/imports';
import { Alert, Button, Card, Checkbox, Flex, Select, Statistic, Typography } from 'antd';
import { MappingEditor } from './mapping-editor.tsx';
import { PreviewTable } from './preview-table.tsx';
import { countOf } from '../lib/counts.ts';

const Counts = ({ preview }: { preview: ImportPreview }) => (
  <Flex gap={32} wrap role="group" aria-label="Rows in the file">
    <Statistic title="Rows" value={preview.Counts.Rows} />
    <Statistic title="Ready" value={preview.Counts.Valid - preview.Counts.Duplicates} valueStyle={{ color: '#237804' }} />
    <Statistic title="With errors" value={preview.Counts.Invalid} valueStyle={{ color: preview.Counts.Invalid ? '#a8071a' : undefined }} />
    <Statistic
      title="Duplicates"
      value={preview.Counts.Duplicates}
      valueStyle={{ color: preview.Counts.Duplicates ? '#ad4e00' : undefined }}
    />
    {preview.Counts.Ignored ? <Statistic title="Total rows (ignored)" value={preview.Counts.Ignored} /> : null}
  </Flex>
);

/** The file read: its columns (editable), every row checked, and the button that imports the good ones. */
export const ReviewStep = ({
  fileName,
  preview,
  checking,
  committing,
  skipDuplicates,
  onSkipDuplicates,
  onRemap,
  onDateOrder,
  onEdit,
  onReplace,
  onCreate,
  creates = [],
  onCommit,
  onReset,
}: {
  fileName: string;
  preview: ImportPreview;
  checking: boolean;
  committing: boolean;
  skipDuplicates: boolean;
  onSkipDuplicates: (skip: boolean) => void;
  onRemap: (mapping: ImportMapping) => void;
  onDateOrder: (order: ImportDateOrder) => void;
  onEdit: (edit: ImportEdit) => void;
  onReplace: (replacement: ImportReplacement) => void;
  onCreate?: (create: ImportCreate) => void;
  /** What the import will create when it runs, listed above the rows. */
  creates?: ImportCreate[];
  onCommit: () => void;
  onReset: () => void;
}) => {
  const toCreate = preview.Counts.Valid - (skipDuplicates ? preview.Counts.Duplicates : 0);
  return (
    <>
      <Card title={`1. Columns of ${fileName}`} extra={<Button onClick={onReset}>Choose another file</Button>}>
        <Typography.Paragraph type="secondary">
          {preview.MappingSource === 'Saved'
            ? 'Matched with the columns of your last import of this kind. Change any that are wrong.'
            : preview.MappingSource === 'Guessed'
              ? `Guessed from the header row (row ${preview.HeaderRow}). Change any that are wrong.`
              : 'Your choice of columns.'}
        </Typography.Paragraph>
        <MappingEditor preview={preview} disabled={checking} onChange={onRemap} />
        {preview.Mapping.PurchaseDate ? (
          <Flex vertical gap={8} style={{ marginTop: 16 }}>
            <label htmlFor="import-date-order" style={{ fontWeight: 500 }}>
              Date order
            </label>
            <Select<ImportDateOrder>
              id="import-date-order"
              aria-label="Date order"
              value={preview.DateOrder}
              disabled={checking}
              options={IMPORT_DATE_ORDERS.map((order) => ({ value: order, label: IMPORT_DATE_ORDER_LABELS[order] }))}
              onChange={onDateOrder}
              style={{ maxWidth: 320 }}
            />
            {preview.DateNote ? <Alert type="info" showIcon message={preview.DateNote} /> : null}
          </Flex>
        ) : null}
      </Card>
      <Card title="2. Check the rows" loading={checking}>
        <Counts preview={preview} />
        {creates.length > 0 ? (
          <Typography.Paragraph className="import-creates" style={{ marginTop: 12, marginBottom: 0 }}>
            Importing also creates{' '}
            {creates
              .map((create) =>
                create.Field === 'BudgetItem'
                  ? `the budget item “${create.Name}” (in ${create.Category})`
                  : `the category “${create.Name}”`,
              )
              .join(', ')}
            .
          </Typography.Paragraph>
        ) : null}
        <div style={{ marginTop: 16 }}>
          <PreviewTable preview={preview} disabled={checking} onEdit={onEdit} onReplace={onReplace} onCreate={onCreate} />
        </div>
      </Card>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Checkbox checked={skipDuplicates} onChange={(event) => onSkipDuplicates(event.target.checked)}>
            Skip the {countOf(preview.Counts.Duplicates, 'duplicate')} (rows the plan or the file already has)
          </Checkbox>
          <Flex gap={8} align="center">
            {preview.Counts.Invalid > 0 ? <Typography.Text type="secondary">Rows with errors are left out.</Typography.Text> : null}
            <Button type="primary" disabled={toCreate === 0 || checking} loading={committing} onClick={onCommit}>
              Import {countOf(toCreate, 'row')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </>
  );
};
