import type { SavedReport } from '@plansmith/contract';
import { Alert, Button, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';

export type SaveChoice = { name: string; shared: boolean; asNew: boolean };

type Props = {
  open: boolean;
  /** The report open now: "Save changes" updates it when the person may change it. */
  current: SavedReport | null;
  saving: boolean;
  error: string | null;
  onSave: (choice: SaveChoice) => void;
  onCancel: () => void;
};

/** Names the report and says who sees it: private (only me) or shared with everyone in the account. */
export const SaveReportDialog = ({ open, current, saving, error, onSave, onCancel }: Props) => {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!open) return;
    setName(current?.Name ?? '');
    setShared(current?.Shared ?? false);
    setTouched(false);
  }, [open, current]);
  const canUpdate = current?.CanEdit === true;
  const nameError = touched && name.trim() === '' ? 'Give the report a name.' : null;
  const submit = (asNew: boolean) => {
    setTouched(true);
    if (name.trim() === '') return;
    onSave({ name: name.trim(), shared, asNew });
  };
  return (
    <Modal
      open={open}
      title={canUpdate ? `Save “${current.Name}”` : 'Save report'}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        canUpdate ? (
          <Button key="new" onClick={() => submit(true)} loading={saving}>
            Save as new report
          </Button>
        ) : null,
        <Button key="save" type="primary" onClick={() => submit(!canUpdate)} loading={saving}>
          {canUpdate ? 'Save changes' : 'Save report'}
        </Button>,
      ]}
    >
      <Form
        layout="vertical"
        onFinish={() => submit(!canUpdate)}
        component="form"
        // Enter in the name saves, as the primary button does.
      >
        <Form.Item
          label="Report name"
          htmlFor="saved-report-name"
          validateStatus={nameError ? 'error' : undefined}
          help={nameError ?? undefined}
          required
        >
          <Input
            id="saved-report-name"
            value={name}
            maxLength={200}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              submit(!canUpdate);
            }}
          />
        </Form.Item>
        <Form.Item label="Who sees it" htmlFor="saved-report-visibility">
          <Radio.Group
            id="saved-report-visibility"
            value={shared ? 'shared' : 'private'}
            onChange={(event) => setShared(event.target.value === 'shared')}
            options={[
              { value: 'private', label: 'Only me (private)' },
              { value: 'shared', label: 'Everyone in the account (shared)' },
            ]}
          />
        </Form.Item>
        {error ? <Alert type="error" showIcon message={error} /> : null}
      </Form>
    </Modal>
  );
};
