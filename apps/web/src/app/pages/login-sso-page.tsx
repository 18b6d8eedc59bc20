import { getHref, SSO_HANDOFF_PARAM } from '@plansmith/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SsoSignIn } from '../../features/sso/components/sso-sign-in.tsx';
import { AnonymousCard, SecondaryParagraph } from '../layouts/anonymous-layout.tsx';

/** The handoff code in the address's fragment, taken out of the address at once (it works once, and not from the history). */
const takeHandoff = (): string | null => {
  const code = new URLSearchParams(window.location.hash.slice(1)).get(SSO_HANDOFF_PARAM);
  if (code) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return code || null;
};

/** /login/sso: "Sign in with SSO", and where the identity provider's sign-in comes back to. */
export const LoginSsoPage = () => {
  const navigate = useNavigate();
  const [handoff] = useState(takeHandoff);
  return (
    <AnonymousCard title="Sign In with SSO">
      <SecondaryParagraph>Sign in through your company’s identity provider.</SecondaryParagraph>
      <SsoSignIn handoff={handoff} onSignedIn={() => navigate(getHref('home'), { replace: true })} />
    </AnonymousCard>
  );
};
