import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { useLocation, useNavigate } from 'react-router';
import { CONFIRMATION_MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import { ApiError } from '../../api/api-client';
import { confirmToUser } from '../confirmation/pending-confirmation';
import { useSession } from '../session/session-context';
import { useSettings, type SearchSettings } from '../settings/settings-context';
import { sessionFromAuth } from '@core/schemas/session';
import { authApi } from '../../api/auth';
import { originDestination, readOrigin, saveOrigin } from './origin';
import { rotatedSession } from './rotated-session';
import { useSignOutRejected } from './token-check';

const LOCALE_PARAMS = ['googleDomain', 'country', 'language'] as const;

/**
 * At page load (loaded by AuthBootstrap when needed): refresh a stored token, or redeem the
 * `token` + `origin` parameters of an emailed link ('s' secure link, 'p' password reset).
 */
export function PageLoadAuth() {
  const { session, setSession, markReady } = useSession();
  const { settings, load, startLoad } = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const [linkError, setLinkError] = useState<string | null>(null);
  const signOutRejected = useSignOutRejected();
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const params = new URLSearchParams(location.search);
    const linkToken = params.get('token');
    const origin = params.get('origin');

    /**
     * Takes the server's copy of the settings; what an emailed link carried (the locale the
     * user had when asking for it) wins over it, and is saved as the user's from now on.
     */
    // The search the server recorded with the user's settings, once they are loaded.
    let searchKeyword = '';
    const loadServerSettings = async (token: string, fromLink: Partial<SearchSettings> = {}) => {
      const take = startLoad();
      try {
        const server = await authApi.getSettings(token);
        searchKeyword = server.searchKeyword;
        const next = {
          deviceType: server.deviceType,
          googleDomain: server.googleDomain,
          country: server.country,
          language: server.language,
          ...fromLink,
        };
        take(next);
        if (Object.keys(fromLink).length > 0) await authApi.saveSettings(token, next);
      } catch (error) {
        console.error('settings load failed', error);
      }
    };

    const redeem = async (kind: 'secure-link' | 'reset-password', token: string) => {
      markReady();
      try {
        const auth = await authApi.redeemEmailLink(kind, token);
        setSession(sessionFromAuth(auth));
        const fromLink: Partial<SearchSettings> = {};
        for (const key of LOCALE_PARAMS) {
          const value = params.get(key);
          if (value) fromLink[key] = value;
        }
        load({ ...settings, ...fromLink });
        if (kind === 'reset-password') {
          saveOrigin({ email: auth.email });
          navigate(ROUTES.resetPassword, { replace: true });
        } else {
          await loadServerSettings(auth.token, fromLink);
          // The link's own search first: it is the one asked from, wherever it is opened.
          const saved = readOrigin();
          const search = params.get('searchTerm') || saved.searchKeyword || searchKeyword;
          navigate(
            originDestination({ ...saved, originUrl: location.pathname, searchKeyword: search }),
            { replace: true },
          );
          confirmToUser(CONFIRMATION_MESSAGES.signedInAs(auth.email));
        }
      } catch (error) {
        setLinkError(error instanceof ApiError ? error.message : 'This link could not be used.');
        navigate(location.pathname, { replace: true });
      }
    };

    const refresh = async () => {
      try {
        const auth = await authApi.refresh(session);
        setSession({ ...session, ...sessionFromAuth(auth) });
        markReady();
        await loadServerSettings(auth.token);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) {
          console.error('token refresh failed', error);
        } else {
          const rotated = await rotatedSession(session.token);
          if (!rotated) signOutRejected();
          else {
            setSession(rotated);
            markReady();
            await loadServerSettings(rotated.token);
          }
        }
      } finally {
        markReady();
      }
    };

    if (linkToken && (origin === 's' || origin === 'p')) {
      void redeem(origin === 's' ? 'secure-link' : 'reset-password', linkToken);
    } else if (session.token) {
      void refresh();
    }
  });

  if (!linkError) return null;
  return (
    <Container className="pt-3">
      <Alert
        variant="warning"
        dismissible
        onClose={() => setLinkError(null)}
        data-testid="link-error"
      >
        {linkError}
      </Alert>
    </Container>
  );
}
