import { getHref } from '@plansmith/contract';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useCompleteSso, useStartSso } from '../api/sso-queries.ts';

type Props = {
  /** The one-time code the server's callback put in /login/sso's fragment, if it came back with one. */
  handoff: string | null;
  onSignedIn: () => void;
  /** Sends the browser to the identity provider (a full page load: it is another site). */
  redirect?: (url: string) => void;
};

/**
 * "Sign in with SSO" (DESIGN.md §18): the work e-mail names the account's identity provider, the
 * browser goes there, and comes back to /login/sso with a one-time code that is traded here for our
 * usual session.
 */
export const SsoSignIn = ({ handoff, onSignedIn, redirect = (url) => window.location.assign(url) }: Props) => {
  const start = useStartSso();
  const complete = useCompleteSso();
  const [asking, setAsking] = useState(handoff === null);
  // The code works once: never send it twice (React runs a mount effect twice in development).
  const sent = useRef(false);

  useEffect(() => {
    if (!handoff || sent.current) return;
    sent.current = true;
    complete.mutate(handoff, { onSuccess: onSignedIn, onError: () => setAsking(true) });
  }, [handoff, complete, onSignedIn]);

  if (!asking) {
    return (
      <div role="status" style={{ textAlign: 'center', padding: '24px 0' }}>
        <Spin />
        <p>Signing you in…</p>
      </div>
    );
  }

  return (
    <Form<{ email: string }>
      layout="vertical"
      requiredMark={false}
      disabled={start.isPending}
      onFinish={(values) => start.mutate(values.email.trim(), { onSuccess: (answer) => redirect(answer.RedirectUrl) })}
    >
      {complete.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message="The single sign-on did not finish"
          description={`${errorMessage(complete.error)} Enter your work email to try again.`}
        />
      ) : null}
      {start.isError ? <Alert type="error" showIcon message={errorMessage(start.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form.Item
        label="Work email"
        name="email"
        rules={[
          { required: true, whitespace: true, message: 'Please enter your email!' },
          { type: 'email', message: 'Please enter a valid email address!' },
        ]}
        extra="Your company’s sign-in page opens; you come back here signed in."
      >
        <Input type="email" autoComplete="username" autoFocus size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={start.isPending || start.isSuccess}>
        {start.isPending || start.isSuccess ? 'Opening your sign-in page...' : 'Continue'}
      </Button>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={getHref('login')}>Sign in with a password</Link>
      </div>
    </Form>
  );
};
