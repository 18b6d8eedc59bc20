import { Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/identity/components/login-form.tsx';
import { AnonymousCard } from '../layouts/anonymous-layout.tsx';

/** Only same-site paths are followed after sign-in. */
const safeReturnTo = (value: string | null): string => (value?.startsWith('/') && !value.startsWith('//') ? value : '/');

export const LoginPage = () => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AnonymousCard title="Sign In">
      <Typography.Paragraph type="secondary">Welcome back. Sign in to your marketing plans.</Typography.Paragraph>
      <LoginForm onSignedIn={() => navigate(safeReturnTo(params.get('returnTo')), { replace: true })} />
    </AnonymousCard>
  );
};
