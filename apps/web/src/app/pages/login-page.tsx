import { Alert } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/identity/components/login-form.tsx';
import { safeReturnTo } from '../../features/identity/login-rules.ts';
// The drawn page's copy of the contract's name: importing it from the contract brings zod to /login.
import { SSO_ERROR_PARAM } from '../drawn-login-form.ts';
import { AnonymousCard, SecondaryParagraph } from '../layouts/anonymous-layout.tsx';

export const LoginPage = () => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  // Where a single sign-on that failed comes back to (the server's callback, DESIGN.md §18).
  const ssoError = params.get(SSO_ERROR_PARAM);
  return (
    <AnonymousCard title="Sign In">
      <SecondaryParagraph>Welcome back. Sign in to your marketing plans.</SecondaryParagraph>
      {typeof notice === 'string' ? <Alert type="success" showIcon message={notice} style={{ marginBottom: 16 }} /> : null}
      {ssoError ? <Alert type="error" showIcon message={ssoError} style={{ marginBottom: 16 }} role="alert" /> : null}
      <LoginForm onSignedIn={() => navigate(safeReturnTo(params.get('returnTo')), { replace: true })} />
    </AnonymousCard>
  );
};
