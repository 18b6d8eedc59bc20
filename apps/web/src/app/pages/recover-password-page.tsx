import { PASSWORD_RESET_MESSAGE } from '@plansmith/contract';
import { App, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { RecoverPasswordForm } from '../../features/recovery/components/recover-password-form.tsx';
import { clearSession } from '../../shared/api/session.ts';
import { AnonymousCard } from '../layouts/anonymous-layout.tsx';

/** /recoverpassword?key=… — on success it goes to the site root (SPEC.md §2), which asks to sign in. */
export const RecoverPasswordPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return (
    <AnonymousCard title="Reset Password">
      <Typography.Paragraph type="secondary">
        Choose a new password. Every device signed in to your account will be signed out.
      </Typography.Paragraph>
      <RecoverPasswordForm
        recoveryKey={params.get('key')}
        onReset={() => {
          // The reset ended every session, this browser's included.
          clearSession();
          void message.success(PASSWORD_RESET_MESSAGE, 6);
          navigate('/', { replace: true });
        }}
      />
    </AnonymousCard>
  );
};
