import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '@core/routes';
import { confirmToUser } from '../../app/confirmation/pending-confirmation';
import { useSession } from '../../app/session/session-context';

/** After a deletion: signed out, nothing of the account left in the page, a word on home. */
export function useAccountDeleted(): (message: string) => void {
  const { clearSession } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (message: string) => {
      clearSession();
      queryClient.clear();
      navigate(ROUTES.home, { replace: true });
      confirmToUser(message);
    },
    [clearSession, queryClient, navigate],
  );
}
