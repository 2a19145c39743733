import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { GatedTool } from '@core/journey';
import { ROUTES } from '@core/routes';

export type ModalName = 'settings' | 'signIn' | 'gate';
export type AuthContent = 'signIn' | 'createAccount' | 'createPassword';

export interface ModalOptions {
  /** Which form the sign-in modal or the gate shows. */
  content?: AuthContent;
  /** Pre-filled email (the legacy create-password flow). */
  email?: string;
  /** The tool the gate stands before: its line fits the tool. */
  tool?: GatedTool;
}

interface ModalValue {
  current: ModalName | null;
  options: ModalOptions;
  open(name: ModalName, options?: ModalOptions): void;
  /** Switch the form shown without closing (e.g. 'Create an account here'). */
  setContent(content: AuthContent): void;
  close(): void;
  /** Close before navigating elsewhere: no history step back, which would race the navigation. */
  dismiss(): void;
}

const ModalContext = createContext<ModalValue | null>(null);

/** Browser back closes the modals and the gate, except the gate on these pages. */
const GATE_STAYS_ON: readonly string[] = [ROUTES.serpAnalysis, ROUTES.siteSpeedComparison];

/** Whether the gate open on this path stays open on browser back (and on Escape). */
export const gateStays = (pathname: string) => GATE_STAYS_ON.includes(pathname);
const HISTORY_MARK = 'srModal';

function markedState(): boolean {
  const state: unknown = window.history.state;
  return Boolean(state && typeof state === 'object' && HISTORY_MARK in state);
}

/**
 * One modal at a time. Opening pushes a history entry on the same URL so that the
 * browser's back button closes the modal instead of leaving the page.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ModalName | null>(null);
  const [options, setOptions] = useState<ModalOptions>({});

  useEffect(() => {
    const onPopState = () => {
      if (!current || markedState()) return;
      if (current === 'gate' && gateStays(window.location.pathname)) {
        const state: unknown = window.history.state;
        const base = state && typeof state === 'object' ? state : {};
        window.history.pushState({ ...base, [HISTORY_MARK]: current }, '');
      } else {
        setCurrent(null);
      }
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [current]);

  const open = useCallback((name: ModalName, next: ModalOptions = {}) => {
    if (!markedState()) {
      const state: unknown = window.history.state;
      const base = state && typeof state === 'object' ? state : {};
      window.history.pushState({ ...base, [HISTORY_MARK]: name }, '');
    }
    setOptions(next);
    setCurrent(name);
  }, []);

  const setContent = useCallback(
    (content: AuthContent) => setOptions((prev) => ({ ...prev, content })),
    [],
  );

  const close = useCallback(() => {
    setCurrent(null);
    if (markedState()) window.history.back();
  }, []);

  const dismiss = useCallback(() => {
    setCurrent(null);
    if (markedState()) {
      const rest: Record<string, unknown> = {
        ...(window.history.state as Record<string, unknown>),
      };
      delete rest[HISTORY_MARK];
      window.history.replaceState(rest, '');
    }
  }, []);

  const value = useMemo(
    () => ({ current, options, open, setContent, close, dismiss }),
    [current, options, open, setContent, close, dismiss],
  );
  return <ModalContext.Provider value={value}>{children}</ModalContext.Provider>;
}

export function useModals(): ModalValue {
  const value = useContext(ModalContext);
  if (!value) throw new Error('useModals must be used inside ModalProvider');
  return value;
}
