import { useEffect, useRef, useState } from 'react';
import { useSiteConfig } from '../site-config';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback(response: { credential?: string }): void;
      }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const GSI_SRC = 'https://accounts.google.com/gsi/client';
let gsiScript: Promise<void> | null = null;

function loadGsi(): Promise<void> {
  gsiScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Google sign-in script failed to load'));
    document.head.append(script);
  });
  return gsiScript;
}

interface Props {
  text: 'signin_with' | 'signup_with';
  onCredential(credential: string): void;
}

/** Google's own button; shown only when the server has a Google client id configured. */
export function GoogleButton({ text, onCredential }: Props) {
  const clientId = useSiteConfig()?.googleClientId ?? null;
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    callback.current = onCredential;
  });

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGsi()
      .then(() => {
        if (cancelled || !ref.current || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            if (credential) callback.current(credential);
            else console.error('Login Failed');
          },
        });
        window.google.accounts.id.renderButton(ref.current, { text, width: 280 });
      })
      .catch(() => {
        console.error('Login Failed');
        setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, text]);

  if (!clientId || failed) return null;
  return (
    <div ref={ref} className="d-flex justify-content-center my-3" data-testid="google-button" />
  );
}
