import { FORGOT_PASSWORD_SYSTEM_ERROR_MESSAGE, getHref } from '@plansmith/contract';
import { Alert, Button, Form, Input, Result } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useBeginPasswordRecovery } from '../api/recovery-api.ts';

const failureMessage = (error: unknown): string =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500 ? FORGOT_PASSWORD_SYSTEM_ERROR_MESSAGE : error.message;

/** SPEC.md §2 Forgot password: a username and Continue; on success a confirmation replaces the form. */
export const ForgotPasswordForm = () => {
  const begin = useBeginPasswordRecovery();
  if (begin.isSuccess) {
    return (
      <Result
        status="success"
        title="Check your email"
        subTitle="We sent an email to the address tied to your account, with a link to choose a new password. The link works for one hour. If nothing arrives in a few minutes, check your spam folder."
        extra={
          <Link to={getHref('login')}>
            <Button type="primary">Sign In</Button>
          </Link>
        }
      />
    );
  }
  return (
    <Form<{ username: string }>
      layout="vertical"
      requiredMark={false}
      disabled={begin.isPending}
      onFinish={(values) => begin.mutate(values.username.trim())}
    >
      {begin.isError ? (
        <Alert type="error" showIcon message={failureMessage(begin.error)} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form.Item
        label="Email"
        name="username"
        rules={[
          { required: true, whitespace: true, message: 'Please enter your email!' },
          { type: 'email', message: 'Please enter a valid email address!' },
        ]}
        extra="Enter the email address you sign in with. We will send you a link to choose a new password."
      >
        <Input type="email" autoComplete="username" autoFocus size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={begin.isPending}>
        {begin.isPending ? 'Processing...' : 'Continue'}
      </Button>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={getHref('login')}>Sign In</Link>
      </div>
    </Form>
  );
};
