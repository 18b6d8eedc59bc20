import { ForgotPasswordForm } from '../../features/recovery/components/forgot-password-form.tsx';
import { AnonymousCard } from '../layouts/anonymous-layout.tsx';

export const ForgotPasswordPage = () => (
  <AnonymousCard title="Forgot Password">
    <ForgotPasswordForm />
  </AnonymousCard>
);
