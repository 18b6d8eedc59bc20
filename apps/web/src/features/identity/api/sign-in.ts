import { CLIENT_ID, identityRoutes } from '@plansmith/contract';
import { callApi } from '../../../shared/api/client.ts';

/** The sign-in call; loaded apart from /login's first download (use-login.ts). */
export const signIn = (input: { email: string; password: string }) =>
  callApi(identityRoutes.login, { Username: input.email, Password: input.password, ClientId: CLIENT_ID });
