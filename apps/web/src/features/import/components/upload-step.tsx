import { IMPORT_KIND_LABELS, type ImportKind } from '@plansmith/contract/imports';
import { Alert, Progress, Typography } from 'antd';
import { type DragEvent, useId, useState } from 'react';
import { sampleFileHref, sampleFileName } from '../lib/sample-files.ts';

export type UploadProgress = { label: string; percent: number } | null;

/**
 * Drop a file here or pick one (a native file input inside a label, so it works by keyboard and
 * screen reader too; lighter than antd's Upload, whose list and icons we would not use). Nothing is
 * written before the preview.
 */
export const UploadStep = ({
  kind,
  progress,
  error,
  onFile,
}: {
  kind: ImportKind;
  progress: UploadProgress;
  error: string | null;
  onFile: (file: File) => void;
}) => {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const busy = progress !== null;
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  };
  return (
    <>
      <label
        htmlFor={inputId}
        className={`import-drop${over ? ' over' : ''}${busy ? ' busy' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <input
          id={inputId}
          type="file"
          accept=".csv,.txt,.xlsx"
          disabled={busy}
          className="import-drop-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <span className="import-drop-icon" aria-hidden="true">
          ⇪
        </span>
        <span className="import-drop-text">Drop a CSV or Excel file of {IMPORT_KIND_LABELS[kind]} here, or click to choose one</span>
        <span className="import-drop-hint">
          .csv or .xlsx (the first sheet), up to 10 MB and 20,000 rows. The first row names the columns; you check the mapping and every row
          before anything is saved.
        </span>
      </label>
      <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
        <a href={sampleFileHref(kind)} download={sampleFileName(kind)}>
          Download a sample file of {IMPORT_KIND_LABELS[kind]}
        </a>{' '}
        to see the columns the import reads.
      </Typography.Paragraph>
      {progress ? (
        <div role="status" aria-live="polite" style={{ marginTop: 16 }}>
          <Typography.Text>{progress.label}</Typography.Text>
          <Progress percent={progress.percent} status="active" showInfo={false} />
        </div>
      ) : null}
      {error ? <Alert type="error" showIcon style={{ marginTop: 16 }} message="The file could not be read." description={error} /> : null}
    </>
  );
};
