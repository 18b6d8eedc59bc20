import { getHref, RESET_PASSWORD_SYSTEM_ERROR_MESSAGE } from '@plansmith/contract';
import { Alert, Button, Form } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields.tsx';
import { useResetPassword } from '../api/recovery-api.ts';

type Values = { password: string; confirmPassword: string };

const failureMessage = (error: unknown): string =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500 ? RESET_PASSWORD_SYSTEM_ERROR_MESSAGE : error.message;

/** SPEC.md §2 Recover password: password and confirmation, Continue; on success the caller goes to the site root. */
export const RecoverPasswordForm = ({ recoveryKey, onReset }: { recoveryKey: string | null; onReset: () => void }) => {
  const reset = useResetPassword();
  if (!recoveryKey) {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        message="This password reset link is not complete."
        description={
          <>
            Open the link from the email again, or <Link to={getHref('forgotPassword')}>ask for a new one</Link>.
          </>
        }
      />
    );
  }
  return (
    <Form<Values>
      layout="vertical"
      requiredMark={false}
      disabled={reset.isPending}
      onFinish={(values) => reset.mutate({ key: recoveryKey, ...values }, { onSuccess: onReset })}
    >
      {reset.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={failureMessage(reset.error)}
          style={{ marginBottom: 16 }}
          action={
            reset.error instanceof ApiError && reset.error.fieldErrors.some((e) => e.Field === 'Key') ? (
              <Link to={getHref('forgotPassword')}>New link</Link>
            ) : undefined
          }
        />
      ) : null}
      <NewPasswordFields autoFocus />
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        {reset.isPending ? 'Processing...' : 'Continue'}
      </Button>
    </Form>
  );
};
