import { useCallback } from 'react';
import { ROUTES } from '@core/routes';
import type { AuthResponse } from '@core/schemas/auth';
import { readCheckout, saveCheckout } from '../checkout-intent';
import { confirmOnNextPage } from '../confirmation/pending-confirmation';
import { useModals } from '../modals/modal-context';
import { useSession } from '../session/session-context';
import { sessionFromAuth } from '@core/schemas/session';

/**
 * After a sign-in, registration or Google login: store the session, close the modals and
 * reload, which fetches settings and remaining counts for the signed-in user. A
 * `confirmation` is said on the page that loads.
 */
export function useCompleteSignIn(): (auth: AuthResponse, confirmation?: string) => void {
  const { setSession } = useSession();
  const { dismiss } = useModals();
  return useCallback(
    (auth: AuthResponse, confirmation?: string) => {
      setSession(sessionFromAuth(auth));
      if (confirmation) confirmOnNextPage(confirmation);
      dismiss();
      // A visitor who chose a plan before signing in goes on to pay.
      const intent = readCheckout();
      if (intent?.afterSignIn) {
        saveCheckout({ ...intent, afterSignIn: false });
        window.location.assign(ROUTES.payment);
      } else {
        window.location.reload();
      }
    },
    [setSession, dismiss],
  );
}
