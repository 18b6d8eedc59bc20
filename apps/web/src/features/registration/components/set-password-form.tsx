import { getHref, type RegisteredUser, USERNAME_EXISTS_MESSAGE } from '@plansmith/contract';
import { Alert, Button, Form, Input, Result } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { messageOf, useCompleteRequest } from '../api/registration-mutations.ts';

type Values = { password: string; confirm: string };

/** Step 3 of 4 (SPEC.md §2, §5, §8): password and confirmation; the emailed key completes the sign-up. */
export const SetPasswordForm = ({ verifyKey, onCompleted }: { verifyKey: string; onCompleted: (user: RegisteredUser) => void }) => {
  const complete = useCompleteRequest();
  if (complete.error instanceof ApiError && complete.error.message === USERNAME_EXISTS_MESSAGE) {
    return (
      <Result
        status="warning"
        title="Unable To Complete Signup"
        subTitle="An account already exists with this email address."
        extra={
          <Link to={getHref('login')}>
            <Button type="primary">Sign in</Button>
          </Link>
        }
      />
    );
  }
  return (
    <Form<Values>
      layout="vertical"
      requiredMark={false}
      disabled={complete.isPending}
      onFinish={(values) => complete.mutate({ key: verifyKey, password: values.password }, { onSuccess: onCompleted })}
    >
      {complete.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message={messageOf(complete.error, 'Unable To Complete Account')}
        />
      ) : null}
      <Form.Item
        label="Password"
        name="password"
        extra="At least 12 characters."
        rules={[{ required: true, message: 'Please enter your password!' }]}
      >
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: 'Please confirm your password!' },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error('Passwords do not match!')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={complete.isPending}>
        {complete.isPending ? 'Creating Password...' : 'Create Password'}
      </Button>
    </Form>
  );
};
