import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@plansmith/contract';
import { Form, Input } from 'antd';

/**
 * A new password and its confirmation (DESIGN.md §7.5: compared, with the length rules; the
 * server also refuses common passwords). Field names: password, confirmPassword.
 */
export const NewPasswordFields = ({
  autoFocus = false,
  labels = { password: 'Password', confirm: 'Confirm password' },
}: {
  autoFocus?: boolean;
  labels?: { password: string; confirm: string };
}) => (
  <>
    <Form.Item
      label={labels.password}
      name="password"
      hasFeedback
      extra={`At least ${PASSWORD_MIN_LENGTH} characters. A short sentence is easy to remember.`}
      rules={[
        { required: true, message: 'Please enter your password!' },
        { min: PASSWORD_MIN_LENGTH, message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` },
        { max: PASSWORD_MAX_LENGTH, message: `Password can be at most ${PASSWORD_MAX_LENGTH} characters.` },
      ]}
    >
      <Input.Password autoComplete="new-password" size="large" autoFocus={autoFocus} />
    </Form.Item>
    <Form.Item
      label={labels.confirm}
      name="confirmPassword"
      dependencies={['password']}
      hasFeedback
      rules={[
        { required: true, message: 'Please confirm your password!' },
        ({ getFieldValue }) => ({
          validator: (_, value: string | undefined) =>
            !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error('Passwords do not match!')),
        }),
      ]}
    >
      <Input.Password autoComplete="new-password" size="large" />
    </Form.Item>
  </>
);
