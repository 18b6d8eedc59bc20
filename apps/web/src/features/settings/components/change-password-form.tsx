import { Alert, App, Button, Form, Input } from 'antd';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields.tsx';
import { useChangePassword } from '../api/settings-api.ts';

type Values = { currentPassword: string; password: string; confirmPassword: string };

/** Changes the password; every other device is signed out, this one stays signed in. */
export const ChangePasswordForm = () => {
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const { message } = App.useApp();
  const submit = (values: Values) =>
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.password },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success('Your password was changed. Other devices were signed out.');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors.length > 0) {
            const names: Record<string, keyof Values> = { CurrentPassword: 'currentPassword', NewPassword: 'password' };
            form.setFields(
              error.fieldErrors.filter((e) => names[e.Field]).map((e) => ({ name: names[e.Field] as keyof Values, errors: [e.Message] })),
            );
          }
        },
      },
    );
  return (
    <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} style={{ maxWidth: 480 }}>
      {change.isError && !(change.error instanceof ApiError && change.error.fieldErrors.length > 0) ? (
        <Alert type="error" showIcon message={errorMessage(change.error)} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form.Item
        label="Current password"
        name="currentPassword"
        rules={[{ required: true, message: 'Please enter your current password!' }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields labels={{ password: 'New password', confirm: 'Confirm new password' }} />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        Change password
      </Button>
    </Form>
  );
};
