import { Alert, App, Button, Flex, Input, Typography } from 'antd';

/** A hook's signing secret, shown once (on create and on rotation) with a copy button; never shown again. */
export const WebhookSecret = ({ secret, rotated }: { secret: string; rotated: boolean }) => {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      message.success('Signing secret copied.');
    } catch {
      message.info('Select the secret and copy it.');
    }
  };
  return (
    <Flex vertical gap={12}>
      <Alert
        type="warning"
        showIcon
        title={
          rotated
            ? 'This is the new signing secret, shown only now. Deliveries are signed with it from now on: update your receiver.'
            : 'This is the only time the signing secret is shown. Copy it now and keep it with your receiver.'
        }
      />
      <Flex gap={8}>
        <Input
          readOnly
          value={secret}
          aria-label="Signing secret"
          onFocus={(event) => event.target.select()}
          style={{ fontFamily: 'monospace' }}
        />
        <Button onClick={() => void copy()}>Copy</Button>
      </Flex>
      <Typography.Text type="secondary">
        Each delivery carries <Typography.Text code>Plansmith-Signature: t=…,v1=…</Typography.Text>: the HMAC-SHA256 of{' '}
        <Typography.Text code>t.body</Typography.Text> with this secret, in hex.
      </Typography.Text>
    </Flex>
  );
};
