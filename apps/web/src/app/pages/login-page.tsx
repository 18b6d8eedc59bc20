import { Alert } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/identity/components/login-form.tsx';
import { safeReturnTo } from '../../features/identity/login-rules.ts';
import { AnonymousCard, SecondaryParagraph } from '../layouts/anonymous-layout.tsx';

export const LoginPage = () => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  return (
    <AnonymousCard title="Sign In">
      <SecondaryParagraph>Welcome back. Sign in to your marketing plans.</SecondaryParagraph>
      {typeof notice === 'string' ? <Alert type="success" showIcon message={notice} style={{ marginBottom: 16 }} /> : null}
      <LoginForm onSignedIn={() => navigate(safeReturnTo(params.get('returnTo')), { replace: true })} />
    </AnonymousCard>
  );
};
