import { recoveryRoutes } from '@plansmith/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

/** beginPasswordRecovery: the same answer whether or not the account exists. */
export const useBeginPasswordRecovery = () =>
  useMutation({ mutationFn: (username: string) => callApi(recoveryRoutes.beginPasswordRecovery, { Username: username }) });

/** resetPassword: single-use key; every session of the account ends. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: { key: string; password: string; confirmPassword: string }) =>
      callApi(recoveryRoutes.accountResetPassword, { Key: input.key, Password: input.password, ConfirmPassword: input.confirmPassword }),
  });
