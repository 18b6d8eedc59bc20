import { getHref } from '@plansmith/contract';
import { Alert, Button } from 'antd';
// Input and Password directly: antd's Input namespace also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { preloadSignIn, useLogin } from '../api/use-login.ts';
import { type LoginErrors, type LoginValues, validateLogin } from '../login-rules.ts';

/** A labelled field drawn like antd's vertical Form.Item, with its message under the control. */
const Field = ({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) => (
  <div style={{ marginBottom: error ? 0 : 24 }}>
    <label htmlFor={id} style={{ display: 'inline-block', paddingBottom: 8 }}>
      {label}
    </label>
    {children}
    {error ? (
      <div id={`${id}-error`} role="alert" style={{ color: '#cf1322', minHeight: 24, lineHeight: '24px' }}>
        {error}
      </div>
    ) : null}
  </div>
);

/**
 * SPEC.md §2 Login: e-mail and password, Sign In, links to forgot password and register.
 * A plain form rather than antd's Form: this is the first page most visitors load, and antd's Form
 * (with its validator and the Tooltip its labels can carry) adds ~37 KB compressed to it.
 */
export const LoginForm = ({ onSignedIn }: { onSignedIn: () => void }) => {
  const login = useLogin();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  useEffect(preloadSignIn, []);

  const change = (name: keyof LoginValues, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // Like antd's Form: once a field has been checked, its message follows what is typed.
    if (submitted) setErrors(validateLogin(next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setSubmitted(true);
    setErrors(found);
    if (Object.keys(found).length === 0) login.mutate(values, { onSuccess: onSignedIn });
  };

  return (
    <form noValidate onSubmit={submit}>
      {login.isError ? <Alert type="error" showIcon message={errorMessage(login.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Field id="login-email" label="Email" error={errors.email}>
        <Input
          id="login-email"
          type="email"
          autoComplete="username"
          autoFocus
          size="large"
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
          disabled={login.isPending}
          status={errors.email ? 'error' : undefined}
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password}>
        <Password
          id="login-password"
          autoComplete="current-password"
          size="large"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          disabled={login.isPending}
          status={errors.password ? 'error' : undefined}
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
        />
      </Field>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
      {/* A link (not a script): /login's drawn page opens the SSO step without the app's code (DESIGN.md §18). */}
      <Button block size="large" href={getHref('loginSso')} style={{ marginTop: 12 }}>
        Sign in with SSO
      </Button>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to={getHref('forgotPassword')}>Forgot password?</Link>
        <Link to={getHref('register', {}, { utm_source: 'self' })}>Create an account</Link>
      </div>
    </form>
  );
};
