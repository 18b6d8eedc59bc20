import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { RegistrationFields } from '../../features/registration/api/registration-mutations.ts';
import { RegisterForm } from '../../features/registration/components/register-form.tsx';
import { SignupCard, SignupStep } from '../../features/registration/components/signup-steps.tsx';
import { VerifyEmailSent } from '../../features/registration/components/verify-email-sent.tsx';

/** Steps 1 and 2 of the sign-up (SPEC.md §2): create the account, then "check your email". */
export const RegisterPage = () => {
  const [params] = useSearchParams();
  const [sent, setSent] = useState<RegistrationFields | null>(null);
  const metaData = Object.fromEntries([...params.entries()].slice(0, 20).map(([key, value]) => [key.slice(0, 40), value.slice(0, 200)]));
  return (
    <SignupCard>
      {sent ? (
        <>
          <SignupStep step={2} title="Verify Your Email" />
          <VerifyEmailSent fields={sent} />
        </>
      ) : (
        <>
          <SignupStep step={1} title="Create Your Account" />
          <RegisterForm metaData={metaData} onRegistered={setSent} />
        </>
      )}
    </SignupCard>
  );
};
