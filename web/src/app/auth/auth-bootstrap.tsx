import { useState } from 'react';
import { useSession } from '../session/session-context';
import { loadQueryClient } from '../screen-modules';
import { useLazyModule } from '../use-lazy-module';
import { inBrowser } from '../viewport';

const loadPageLoadAuth = () => import('./page-load-auth');

/** An emailed link's parameters: a token and origin 's' (secure link) or 'p' (password reset). */
function hasEmailLink(search: string): boolean {
  const params = new URLSearchParams(search);
  const origin = params.get('origin');
  return Boolean(params.get('token')) && (origin === 's' || origin === 'p');
}

/**
 * The auth work of a page load. It (and the auth API code) loads only when there is any:
 * a stored token to refresh or an emailed link to redeem; a first visit needs neither. Its
 * requests are mutations, so the query client comes with it.
 */
export function AuthBootstrap() {
  const { session } = useSession();
  const [needed] = useState(
    () => Boolean(session.token) || (inBrowser && hasEmailLink(window.location.search)),
  );
  const pageLoad = useLazyModule(loadPageLoadAuth, needed);
  const client = useLazyModule(loadQueryClient, needed);
  if (!pageLoad || !client) return null;
  return (
    <client.QueryProvider>
      <pageLoad.PageLoadAuth />
    </client.QueryProvider>
  );
}
