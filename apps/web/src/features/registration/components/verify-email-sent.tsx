import { RESEND_SUGGESTED_AFTER_MS } from '@plansmith/contract';
import { Alert, Button, Typography } from 'antd';
import { messageOf, type RegistrationFields, useResendVerification } from '../api/registration-mutations.ts';
import { SUPPORT_EMAIL } from './signup-steps.tsx';

/** Step 2 of 4: the link was sent; a resend is possible if nothing arrives in 5 minutes. */
export const VerifyEmailSent = ({ fields }: { fields: RegistrationFields }) => {
  const resend = useResendVerification();
  return (
    <div>
      <Typography.Paragraph>
        We sent a verification link to <strong>{fields.Email}</strong>. Open it to set your password and choose your plan.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Nothing in your inbox after {RESEND_SUGGESTED_AFTER_MS / 60_000} minutes? Check your spam folder, or send the link again.
      </Typography.Paragraph>
      <div aria-live="polite">
        {resend.isSuccess ? (
          <Alert type="success" showIcon style={{ marginBottom: 16 }} message={`We sent a new verification link to ${fields.Email}.`} />
        ) : null}
        {resend.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            message={messageOf(resend.error, 'Unable To Send Verification Email')}
          />
        ) : null}
      </div>
      <Button onClick={() => resend.mutate(fields)} loading={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Resend verification email'}
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 24 }}>
        Need help? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </Typography.Paragraph>
    </div>
  );
};
