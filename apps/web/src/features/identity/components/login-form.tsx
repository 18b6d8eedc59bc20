import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { getHref } from '@plansmith/contract';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useLogin } from '../api/identity-mutations.ts';

type LoginValues = { email: string; password: string };

/** SPEC.md §2 Login: e-mail and password, Sign In, links to forgot password and register. */
export const LoginForm = ({ onSignedIn }: { onSignedIn: () => void }) => {
  const login = useLogin();
  return (
    <Form<LoginValues>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => login.mutate(values, { onSuccess: onSignedIn })}
      disabled={login.isPending}
    >
      {login.isError ? <Alert type="error" showIcon message={errorMessage(login.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, message: 'Please enter your email!' },
          { type: 'email', message: 'Please enter a valid email address!' },
        ]}
      >
        <Input type="email" autoComplete="username" autoFocus size="large" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password!' }]}>
        <Input.Password autoComplete="current-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to={getHref('forgotPassword')}>Forgot password?</Link>
        <Link to={getHref('register', {}, { utm_source: 'self' })}>Create an account</Link>
      </div>
    </Form>
  );
};
