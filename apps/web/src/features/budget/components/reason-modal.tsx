import { Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';

/** The reason prompt of a budget change after the baseline lock (one per save). */
export const ReasonModal = ({ open, message, onAnswer }: { open: boolean; message: string; onAnswer: (reason: string | null) => void }) => {
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  return (
    <Modal
      open={open}
      title="Why does the budget change?"
      okText="Save with this reason"
      okButtonProps={{ disabled: reason.trim() === '' }}
      onOk={() => onAnswer(reason.trim())}
      onCancel={() => onAnswer(null)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{message}</Typography.Paragraph>
      <Input.TextArea
        aria-label="Reason for the budget change"
        placeholder="e.g. Moved to the June trade show"
        maxLength={500}
        autoSize={{ minRows: 2 }}
        autoFocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        onPressEnter={(event) => {
          if (!event.shiftKey && reason.trim()) {
            event.preventDefault();
            onAnswer(reason.trim());
          }
        }}
      />
    </Modal>
  );
};
