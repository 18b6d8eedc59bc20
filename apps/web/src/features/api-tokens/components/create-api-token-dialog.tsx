import { API_TOKEN_MAX_DAYS, type ApiTokenScope } from '@plansmith/contract';
import { Alert, App, Button, Flex, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useCreateApiToken } from '../api/api-token-mutations.ts';

type Values = { Name: string; Scope: ApiTokenScope; ExpiresInDays: number };

/**
 * Creates a token; the answer's token is shown here once, with a copy button, and never again: closing
 * the dialog forgets it (only its hash is kept on the server).
 */
export const CreateApiTokenDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<Values>();
  const create = useCreateApiToken();
  const { message } = App.useApp();
  const [token, setToken] = useState<string | null>(null);

  const close = () => {
    setToken(null);
    form.resetFields();
    create.reset();
    onClose();
  };

  const submit = async (values: Values) => {
    try {
      const created = await create.mutateAsync({ ...values, Name: values.Name.trim() });
      setToken(created.Token);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      message.success('Token copied.');
    } catch {
      message.info('Select the token and copy it.');
    }
  };

  return (
    <Modal
      open={open}
      title={token ? 'Copy your new API token' : 'Create an API token'}
      onCancel={close}
      maskClosable={!token}
      destroyOnHidden
      footer={
        token ? (
          <Button type="primary" onClick={close}>
            Done
          </Button>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
              Create token
            </Button>
          </Flex>
        )
      }
    >
      {token ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon message="This is the only time the token is shown. Copy it now and keep it somewhere safe." />
          <Flex gap={8}>
            <Input
              readOnly
              value={token}
              aria-label="New API token"
              onFocus={(event) => event.target.select()}
              style={{ fontFamily: 'monospace' }}
            />
            <Button onClick={() => void copy()}>Copy</Button>
          </Flex>
          <Typography.Text type="secondary">
            Send it as <Typography.Text code>Authorization: Bearer {token.slice(0, 12)}…</Typography.Text>
          </Typography.Text>
        </Flex>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ Scope: 'read', ExpiresInDays: 90 }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            name="Name"
            label="Name"
            rules={[
              { required: true, whitespace: true, message: 'Name the token: what will use it?' },
              { max: 100, message: 'Name can be at most 100 characters.' },
            ]}
          >
            <Input placeholder="e.g. Nightly BI export" autoFocus onPressEnter={() => form.submit()} />
          </Form.Item>
          <Form.Item name="Scope" label="Access">
            <Radio.Group>
              <Flex vertical gap={4}>
                <Radio value="read">Read only</Radio>
                <Radio value="read-write">Read and write (with your rights)</Radio>
              </Flex>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="ExpiresInDays"
            label="Expires after (days)"
            rules={[
              { required: true, type: 'integer', min: 1, max: API_TOKEN_MAX_DAYS, message: `Between 1 and ${API_TOKEN_MAX_DAYS} days.` },
            ]}
          >
            <InputNumber min={1} max={API_TOKEN_MAX_DAYS} precision={0} style={{ width: 160 }} onPressEnter={() => form.submit()} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};
