import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_KIND_LABELS, type ImportKind } from '@plansmith/contract';
import { Alert, Progress, Typography, Upload } from 'antd';

export type UploadProgress = { label: string; percent: number } | null;

/** Drag a file here or pick one; nothing is sent until the file is chosen, and nothing is written before the preview. */
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
}) => (
  <>
    <Upload.Dragger
      accept=".csv,.txt,.xlsx"
      multiple={false}
      showUploadList={false}
      disabled={progress !== null}
      beforeUpload={(file) => {
        onFile(file);
        // We read the file ourselves; antd must not post it anywhere.
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">Drop a CSV or Excel file of {IMPORT_KIND_LABELS[kind]} here, or click to choose one</p>
      <p className="ant-upload-hint">
        .csv or .xlsx (the first sheet), up to 10 MB and 20,000 rows. The first row names the columns; you check the mapping and every row
        before anything is saved.
      </p>
    </Upload.Dragger>
    {progress ? (
      <div role="status" aria-live="polite" style={{ marginTop: 16 }}>
        <Typography.Text>{progress.label}</Typography.Text>
        <Progress percent={progress.percent} status="active" showInfo={false} />
      </div>
    ) : null}
    {error ? <Alert type="error" showIcon style={{ marginTop: 16 }} message="The file could not be read." description={error} /> : null}
  </>
);
