import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { FREE_PLAN_ID } from '@core/plans';
import { ROUTES } from '@core/routes';
import { useSession } from './session/session-context';

/**
 * At the monthly search limit a free user goes to the free-trial page and a
 * paid user sees the monthly-limit alert (`limitReached`).
 */
export function useLimitReached() {
  const { session } = useSession();
  const navigate = useNavigate();
  const [limitReached, setLimitReached] = useState(false);
  const reachLimit = useCallback(() => {
    if (session.planId === FREE_PLAN_ID) navigate(ROUTES.freeTrial);
    else setLimitReached(true);
  }, [session.planId, navigate]);
  const clearLimit = useCallback(() => setLimitReached(false), []);
  return { limitReached, reachLimit, clearLimit };
}
