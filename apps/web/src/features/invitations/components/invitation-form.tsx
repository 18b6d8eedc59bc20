import { INVITATION_SYSTEM_ERROR_MESSAGE, INVITATION_UNVERIFIED_MESSAGE } from '@plansmith/contract';
import { Alert, Button, Form, Typography } from 'antd';
import { ApiError } from '../../../shared/api/api-error.ts';
import { LoadingState } from '../../../shared/ui/query-state.tsx';
import { useCompleteInvitation, useInvitation } from '../api/invitation-api.ts';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields.tsx';

type Values = { password: string; confirmPassword: string };

/** SPEC.md §8: no answer → the system-error text; an invalid key → the unable-to-verify text; otherwise the server's message. */
const completionError = (error: unknown): string => {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return INVITATION_SYSTEM_ERROR_MESSAGE;
  return error.status === 404 ? INVITATION_UNVERIFIED_MESSAGE : error.message;
};

/** SPEC.md §2 Invitation: Processing..., then who is invited by which company, password + confirm, Continue. */
export const InvitationForm = ({ invitationKey, onJoined }: { invitationKey: string | null; onJoined: () => void }) => {
  const invitation = useInvitation(invitationKey);
  const complete = useCompleteInvitation();
  const [form] = Form.useForm<Values>();

  if (!invitationKey) return <Alert type="warning" showIcon message={INVITATION_UNVERIFIED_MESSAGE} role="alert" />;
  if (invitation.isPending) return <LoadingState label="Processing..." />;
  if (invitation.isError) {
    const error = invitation.error;
    const systemError = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
    return (
      <Alert
        type={systemError ? 'error' : 'warning'}
        showIcon
        role="alert"
        message={systemError ? INVITATION_SYSTEM_ERROR_MESSAGE : error.status === 404 ? INVITATION_UNVERIFIED_MESSAGE : error.message}
        action={systemError ? <Button onClick={() => void invitation.refetch()}>Try again</Button> : undefined}
      />
    );
  }

  const { FirstName, CompanyName, Email } = invitation.data;
  return (
    <>
      <Typography.Paragraph>
        Welcome, <strong>{FirstName}</strong>! <strong>{CompanyName}</strong> has invited you to plan with them on Plansmith.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Choose a password. You will sign in with <strong>{Email}</strong>.
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={complete.isPending}
        onFinish={(values) =>
          complete.mutate(
            { key: invitationKey, password: values.password, confirmPassword: values.confirmPassword },
            { onSuccess: onJoined },
          )
        }
      >
        {complete.isError ? (
          <Alert type="error" showIcon message={completionError(complete.error)} style={{ marginBottom: 16 }} role="alert" />
        ) : null}
        <NewPasswordFields autoFocus />
        <Button type="primary" htmlType="submit" block size="large" loading={complete.isPending}>
          {complete.isPending ? 'Processing...' : 'Continue'}
        </Button>
      </Form>
    </>
  );
};
