import { categoryChoiceStore } from '../settings/category-choice';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
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
import { authApi, authKeys } from '../../api/auth';
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
  const signOutRejected = useSignOutRejected();
  const ran = useRef(false);
  const params = new URLSearchParams(location.search);

  /**
   * Takes the server's copy of the settings; what an emailed link carried (the locale the
   * user had when asking for it) wins over it, and is saved as the user's from now on.
   * Resolves with the search the server recorded with them ('' when they failed to load).
   */
  const loadServerSettings = async (token: string, fromLink: Partial<SearchSettings> = {}) => {
    const take = startLoad();
    try {
      const server = await authApi.getSettings(token);
      categoryChoiceStore.take(server.lighthouseCategories);
      const next = {
        deviceType: server.deviceType,
        googleDomain: server.googleDomain,
        country: server.country,
        language: server.language,
        ...fromLink,
      };
      take(next);
      if (Object.keys(fromLink).length > 0) await authApi.saveSettings(token, next);
      return server.searchKeyword;
    } catch (error) {
      console.error('settings load failed', error);
      return '';
    }
  };

  const redeem = useMutation({
    mutationKey: authKeys.pageLoad,
    mutationFn: async ({
      kind,
      token,
    }: {
      kind: 'secure-link' | 'reset-password';
      token: string;
    }) => {
      markReady();
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
        return;
      }
      const searchKeyword = await loadServerSettings(auth.token, fromLink);
      // The link's own search first: it is the one asked from, wherever it is opened.
      const saved = readOrigin();
      const search = params.get('searchTerm') || saved.searchKeyword || searchKeyword;
      navigate(
        originDestination({ ...saved, originUrl: location.pathname, searchKeyword: search }),
        { replace: true },
      );
      confirmToUser(CONFIRMATION_MESSAGES.signedInAs(auth.email));
    },
    onError: () => navigate(location.pathname, { replace: true }),
  });

  const refresh = useMutation({
    mutationKey: authKeys.pageLoad,
    mutationFn: async () => {
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
    },
  });

  const { mutate: redeemLink } = redeem;
  const { mutate: refreshToken } = refresh;
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const linkToken = params.get('token');
    const origin = params.get('origin');
    if (linkToken && (origin === 's' || origin === 'p')) {
      redeemLink({ kind: origin === 's' ? 'secure-link' : 'reset-password', token: linkToken });
    } else if (session.token) {
      refreshToken();
    }
  });

  if (!redeem.isError) return null;
  return (
    <Container className="pt-3">
      <Alert variant="warning" dismissible onClose={() => redeem.reset()} data-testid="link-error">
        {redeem.error instanceof ApiError ? redeem.error.message : 'This link could not be used.'}
      </Alert>
    </Container>
  );
}
