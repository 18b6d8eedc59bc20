import { getHref } from '@plansmith/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/identity/api/identity-mutations.ts';
import { LoadingState } from '../../shared/ui/query-state.tsx';

export const LogoutPage = () => {
  const navigate = useNavigate();
  const { mutate } = useLogout();
  useEffect(() => {
    mutate(undefined, { onSettled: () => navigate(getHref('login'), { replace: true }) });
  }, [mutate, navigate]);
  return <LoadingState label="Signing out…" />;
};
