import { getHref } from '@plansmith/contract';
import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { SetPasswordForm } from '../../features/registration/components/set-password-form.tsx';
import { SignupCard, SignupStep } from '../../features/registration/components/signup-steps.tsx';

/**
 * Step 3 of 4 at /register/emailverify?key=…: set the password, then on to the payment step — as a
 * full page load, so that with real Stripe keys the payment page gets its Stripe-enabled CSP.
 */
export const RegisterEmailVerifyPage = () => {
  const [params] = useSearchParams();
  const key = params.get('key');
  return (
    <SignupCard>
      <SignupStep step={3} title="Set Your Password" />
      {key ? (
        <SetPasswordForm verifyKey={key} onCompleted={() => window.location.assign(getHref('registerPayment'))} />
      ) : (
        <Result
          status="warning"
          title="This link is missing its key"
          subTitle="Open the link from your verification email again, or register to get a new one."
          extra={
            <Link to={getHref('register')}>
              <Button type="primary">Register</Button>
            </Link>
          }
        />
      )}
    </SignupCard>
  );
};
