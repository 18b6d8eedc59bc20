import { CLIENT_ID, type Registration, registrationRoutes } from '@plansmith/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error.ts';
import { callApi } from '../../../shared/api/client.ts';
import { browserTimeZone } from '../../../shared/format/dates.ts';
import { saveRegisteredUser } from '../registered-user.ts';

export type RegistrationFields = Omit<Registration, 'ClientId' | 'TimeZone'>;

/** What the form asked, plus the browser's time zone: the new account's (issue 28 A4). */
const registrationBody = (fields: RegistrationFields): Registration => ({ ...fields, TimeZone: browserTimeZone(), ClientId: CLIENT_ID });

/** SPEC.md §8: a call that got no answer has its own message; otherwise the server's Message (DESIGN.md §7.4). */
export const messageOf = (error: unknown, noResponse: string): string =>
  error instanceof ApiError && error.status !== 0 && error.message ? error.message : noResponse;

export const useRegister = () =>
  useMutation({ mutationFn: (fields: RegistrationFields) => callApi(registrationRoutes.register, registrationBody(fields)) });

export const useResendVerification = () =>
  useMutation({
    mutationFn: (fields: RegistrationFields) => callApi(registrationRoutes.sendVerificationEmail, registrationBody(fields)),
  });

export const useCompleteRequest = () =>
  useMutation({
    mutationFn: (input: { key: string; password: string }) =>
      callApi(registrationRoutes.completeRequest, { EmailVerifyKey: input.key, Password: input.password, ClientId: CLIENT_ID }),
    onSuccess: saveRegisteredUser,
  });
