import { CLIENT_ID, identityRoutes } from '@plansmith/contract';
import { callApi } from '../../../shared/api/client.ts';
import { startSession } from '../../../shared/api/session.ts';

/** The sign-in call and the session it starts; loaded apart from /login's first download (use-login.ts). */
export const signIn = async (input: { email: string; password: string }) => {
  const tokens = await callApi(identityRoutes.login, { Username: input.email, Password: input.password, ClientId: CLIENT_ID });
  startSession(tokens);
  return tokens;
};
