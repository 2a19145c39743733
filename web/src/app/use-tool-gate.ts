import { useCallback, useEffect, useRef, useState } from 'react';
import { GATE_RULES, type GatedTool } from '@core/journey';
import { useModals } from './modals/modal-context';
import { useSession } from './session/session-context';
import { journeyStore } from './storage';

/**
 * The account gate of one tool page, by the tool's rule in `GATE_RULES`: sign-in when a
 * login is remembered, create-account otherwise, at most once per visit. Opening the
 * settings cancels a gate that is waiting.
 */
export function useToolGate(tool: GatedTool) {
  const rule = GATE_RULES[tool];
  const { session, signedIn } = useSession();
  const { open, current } = useModals();
  const gated = useRef(false);
  const [due, setDue] = useState(false);
  const content = session.email ? 'signIn' : 'createAccount';
  // What the visitor has open (the sign-in gate of a rejected token, the sign-in modal they
  // opened themselves) is not replaced by this gate.
  const modalOpen = useRef(false);
  useEffect(() => {
    modalOpen.current = current !== null;
  }, [current]);

  const openGate = useCallback(() => {
    gated.current = true;
    if (!modalOpen.current) open('gate', { content, tool });
  }, [open, content, tool]);

  const arrivalDelay = rule.trigger === 'arrival' ? rule.delayMs : null;
  useEffect(() => {
    if (arrivalDelay === null || signedIn || gated.current) return;
    const timer = window.setTimeout(openGate, arrivalDelay);
    return () => window.clearTimeout(timer);
  }, [arrivalDelay, signedIn, openGate]);

  if (due && current === 'settings') setDue(false);
  const afterUseDelay = rule.trigger === 'afterFirstUse' ? rule.delayMs : null;
  useEffect(() => {
    if (!due || signedIn || afterUseDelay === null) return;
    const timer = window.setTimeout(() => {
      setDue(false);
      openGate();
    }, afterUseDelay);
    return () => window.clearTimeout(timer);
  }, [due, signedIn, afterUseDelay, openGate]);

  /** Record that the visitor used the tool (a search, a test) and start a gate due after it. */
  const recordUse = useCallback(() => {
    journeyStore.markUsed(tool);
    if (afterUseDelay === null || signedIn || gated.current) return;
    if (!journeyStore.emailSubscribed()) setDue(true);
  }, [tool, afterUseDelay, signedIn]);

  /** True when the gate opens instead of this use: a visitor's second use of a one-use tool. */
  const gateInsteadOfUse = useCallback(() => {
    if (signedIn || rule.trigger !== 'beforeNextUse') return false;
    if (!journeyStore.hasUsed(tool) || journeyStore.emailSubscribed()) return false;
    openGate();
    return true;
  }, [signedIn, rule.trigger, tool, openGate]);

  return { openGate, recordUse, gateInsteadOfUse };
}
