import { Alert, Button, Flex, Modal, Table, Typography } from 'antd';
import type { MergeChoice, MergeField } from './merge-dialog.tsx';

/**
 * The merge dialog itself (DESIGN.md §13), loaded on first use by useMergeDialog: the message, each
 * changed field with theirs beside yours, and the two choices.
 */
export const MergeModal = ({
  pending,
  onChoose,
}: {
  pending: { message: string; fields: MergeField[] } | null;
  onChoose: (choice: MergeChoice) => void;
}) => (
  <Modal
    open={pending !== null}
    title="Someone else changed this while you were editing"
    // Closing the dialog keeps their version: nothing of theirs is overwritten unasked.
    onCancel={() => onChoose('theirs')}
    width={640}
    footer={
      <Flex gap={8} justify="flex-end">
        <Button onClick={() => onChoose('theirs')}>Keep theirs</Button>
        <Button type="primary" danger onClick={() => onChoose('mine')}>
          Save mine over theirs
        </Button>
      </Flex>
    }
  >
    {pending ? (
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon message={pending.message} />
        {pending.fields.length === 0 ? (
          <Typography.Text type="secondary">Their change and yours leave the same values: either choice keeps them.</Typography.Text>
        ) : (
          <Table<MergeField>
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={pending.fields}
            columns={[
              { title: 'Field', dataIndex: 'label', width: '28%' },
              { title: 'Theirs (saved)', dataIndex: 'theirs' },
              { title: 'Yours', dataIndex: 'mine', render: (value: string) => <Typography.Text strong>{value}</Typography.Text> },
            ]}
          />
        )}
      </Flex>
    ) : null}
  </Modal>
);
