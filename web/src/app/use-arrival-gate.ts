import { useEffect, useRef } from 'react';
import { useModals, type ModalOptions } from './modals/modal-context';
import { useSession } from './session/session-context';

/**
 * The account gate a visitor meets once, `delayMs` after arriving on a tool (spec 001 §4,
 * 002 §4): sign-in when a login is remembered, create-account otherwise.
 */
export function useArrivalGate(delayMs: number, variant?: ModalOptions['variant']) {
  const { session, signedIn } = useSession();
  const { open } = useModals();
  const gated = useRef(false);
  useEffect(() => {
    if (signedIn || gated.current) return;
    const timer = window.setTimeout(() => {
      gated.current = true;
      open('gate', { content: session.email ? 'signIn' : 'createAccount', variant });
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [signedIn, open, session.email, delayMs, variant]);
}
