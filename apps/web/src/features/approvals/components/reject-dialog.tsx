import type { ApprovalRequest } from '@plansmith/contract';
import { Alert, App, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { useReject } from '../api/approvals-api.ts';

/** The reject dialog: a note is required (it tells the requester why and stays on the expense). */
export const RejectDialog = ({
  request,
  onClose,
  onRejected,
}: {
  request: ApprovalRequest | null;
  onClose: () => void;
  onRejected?: () => void;
}) => {
  const reject = useReject();
  const { message } = App.useApp();
  const [note, setNote] = useState('');
  const send = () => {
    if (!request) return;
    reject.mutate(
      { RequestId: request.Id, Version: request.Version, Note: note.trim() },
      {
        onSuccess: () => {
          void message.success(`Rejected “${request.What}”: it is Planned again.`);
          setNote('');
          onRejected?.();
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={request !== null}
      title={request ? `Reject “${request.What}” (${formatBase(request.Amount)})` : ''}
      okText="Reject"
      okButtonProps={{ danger: true, disabled: note.trim() === '', loading: reject.isPending }}
      onOk={send}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>The expense becomes Planned with your note; {request?.Requester.Name} is told why.</Typography.Paragraph>
      <Input.TextArea
        aria-label="Why (required)"
        placeholder="Why (required)"
        value={note}
        maxLength={2000}
        autoSize={{ minRows: 3 }}
        onChange={(event) => setNote(event.target.value)}
      />
      {reject.isError ? <Alert type="error" showIcon message={errorMessage(reject.error)} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
};
