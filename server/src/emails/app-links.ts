import type { FastifyRequest } from 'fastify';
import { EMAIL_MESSAGES, REPORT_MESSAGES } from '@core/messages';
import { WORKSPACE_PARAM } from '@core/workspaces/header';
import { ROUTES } from '@core/routes';
import type { Config } from '../config';

/** The longest origin stored for a user: longer ones are no real host of this app. */
const ORIGIN_MAX_LENGTH = 255;

/** A page of the app an email points to, and the words it uses when it cannot link. */
export interface AppPage {
  name: string;
  path: string;
}

/** The pages emails point to. */
export const EMAIL_PAGES = {
  account: { name: EMAIL_MESSAGES.accountPage, path: ROUTES.account },
  pricing: { name: EMAIL_MESSAGES.pricingPage, path: ROUTES.pricing },
  /** Site speed tracking; with a page id, that page's history. */
  tracking: (pageId?: string): AppPage => ({
    name: EMAIL_MESSAGES.trackingPage,
    path: `${ROUTES.siteSpeedTracking}${pageId ? `?page=${encodeURIComponent(pageId)}` : ''}`,
  }),
  /** A workspace's weekly report, opened in that workspace. */
  report: (workspaceId: string): AppPage => ({
    name: REPORT_MESSAGES.title,
    path: `${ROUTES.reports}?${WORKSPACE_PARAM}=${encodeURIComponent(workspaceId)}`,
  }),
  /** A user flow: its steps, history and alerts. */
  flow: (flowId: string): AppPage => ({
    name: EMAIL_MESSAGES.flowPage,
    path: `${ROUTES.flows}?id=${encodeURIComponent(flowId)}`,
  }),
} satisfies Record<string, AppPage | ((id: string) => AppPage) | ((id?: string) => AppPage)>;

/**
 * The origin a request reached this app at, as the browser saw it (behind a trusted proxy,
 * its forwarded host); null for a Host header that makes no URL.
 */
export function requestOrigin(request: FastifyRequest): string | null {
  try {
    const origin = new URL(`${request.protocol}://${request.host}`).origin;
    return origin.length <= ORIGIN_MAX_LENGTH ? origin : null;
  } catch {
    return null;
  }
}

/**
 * Where links in an email to a user lead: the configured public URL, else the origin the
 * user last signed in from. Emails of scheduled work have no request to take a host from,
 * and a guessed one (localhost) would be a link that leads nowhere: null then.
 */
export function emailLinkBase(
  config: Pick<Config, 'PUBLIC_URL'>,
  signInOrigin: string | null,
): string | null {
  return config.PUBLIC_URL?.replace(/\/$/, '') ?? signInOrigin;
}

/** The page's address under `base`, or null without a base. */
export function pageUrl(base: string | null, page: AppPage): string | null {
  return base === null ? null : `${base}${page.path}`;
}

/**
 * The end of an email's sentence that points to the page: its name and address, with no
 * full stop a mail reader might take into the link; or, with no address known, its name.
 */
export function pageReference(base: string | null, page: AppPage): string {
  const url = pageUrl(base, page);
  return url ? `${page.name}: ${url}` : `${page.name}.`;
}
