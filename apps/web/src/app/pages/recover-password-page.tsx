import { PASSWORD_RESET_MESSAGE } from '@plansmith/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { RecoverPasswordForm } from '../../features/recovery/components/recover-password-form.tsx';
import { clearSession } from '../../shared/api/session.ts';
import { AnonymousCard, SecondaryParagraph } from '../layouts/anonymous-layout.tsx';

/** /recoverpassword?key=… — on success it goes to the site root (SPEC.md §2), which asks to sign in. */
export const RecoverPasswordPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AnonymousCard title="Reset Password">
      <SecondaryParagraph>Choose a new password. Every device signed in to your account will be signed out.</SecondaryParagraph>
      <RecoverPasswordForm
        recoveryKey={params.get('key')}
        onReset={() => {
          // The reset ended every session, this browser's included; the sign-in page says so.
          clearSession();
          navigate('/', { replace: true, state: { notice: PASSWORD_RESET_MESSAGE } });
        }}
      />
    </AnonymousCard>
  );
};
