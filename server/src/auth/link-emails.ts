import type { FastifyRequest } from 'fastify';
import { DEFAULT_COUNTRY, DEFAULT_GOOGLE_DOMAIN, DEFAULT_LANGUAGE } from '@core/limits';
import { EMAIL_MESSAGES } from '@core/messages';
import { emailLinkBase } from '../emails/app-links';
import { publicBaseUrl } from '../http/public-base-url';
import type { Services } from '../services';
import type { User } from '../db/schema';

export type LinkKind = 'secure-link' | 'reset-password';

export interface LinkLocale {
  googleDomain?: string | undefined;
  country?: string | undefined;
  language?: string | undefined;
}

/** A link's destination is a path on this app: never another host. */
export function safeOriginPath(originUrl: string | undefined): string {
  if (!originUrl) return '/';
  try {
    // Collapse leading slashes so the path cannot become a protocol-relative URL.
    return new URL(originUrl, 'http://speedrank.invalid').pathname.replace(/^\/+/, '/');
  } catch {
    return '/';
  }
}

/**
 * Anyone may ask for a link to any address, and choose the Host header they ask with: the
 * request's origin serves only users who never signed in, so that it cannot send a known
 * user's token to another host.
 */
export function linkBaseUrl(
  services: Pick<Services, 'config'>,
  request: FastifyRequest,
  user: User,
): string {
  return (
    emailLinkBase(services.config, user.sign_in_origin) ??
    publicBaseUrl(services.config.PUBLIC_URL, request)
  );
}

/** The app link the web page reads: `?token=…&origin=s|p`, plus the locale when not default. */
export function buildLink(
  base: string,
  path: string,
  token: string,
  kind: LinkKind,
  locale: LinkLocale,
  searchKeyword?: string,
): string {
  const url = new URL(path, `${base}/`);
  url.searchParams.set('token', token);
  url.searchParams.set('origin', kind === 'secure-link' ? 's' : 'p');
  // The search the user was on: the page runs it again once signed in.
  if (searchKeyword) url.searchParams.set('searchTerm', searchKeyword);
  const defaults = {
    googleDomain: DEFAULT_GOOGLE_DOMAIN,
    country: DEFAULT_COUNTRY,
    language: DEFAULT_LANGUAGE,
  };
  const differs = (Object.keys(defaults) as (keyof typeof defaults)[]).some(
    (key) => locale[key] && locale[key] !== defaults[key],
  );
  if (differs) {
    for (const key of Object.keys(defaults) as (keyof typeof defaults)[]) {
      url.searchParams.set(key, locale[key] ?? defaults[key]);
    }
  }
  return url.toString();
}

const COPY: Record<LinkKind, { subject: string; action: string }> = {
  'secure-link': { subject: 'Your SpeedRank sign-in link', action: 'sign in to SpeedRank' },
  'reset-password': {
    subject: 'Reset your SpeedRank password',
    action: 'set a new SpeedRank password',
  },
};

/** Issues a one-time token for the user and emails its link. */
export async function sendLinkEmail(
  services: Pick<Services, 'config' | 'oneTimeTokens' | 'email'>,
  request: FastifyRequest,
  user: User,
  kind: LinkKind,
  options: {
    originUrl?: string | undefined;
    searchKeyword?: string | undefined;
    locale: LinkLocale;
    pendingPasswordHash?: string;
  },
): Promise<void> {
  const path = safeOriginPath(options.originUrl);
  const ttlMinutes =
    kind === 'secure-link'
      ? services.config.SECURE_LINK_TTL_MINUTES
      : services.config.RESET_LINK_TTL_MINUTES;
  const token = await services.oneTimeTokens.issue({
    userId: user.id,
    purpose: kind === 'secure-link' ? 'secure_link' : 'reset_password',
    ttlMinutes,
    originUrl: path,
    pendingPasswordHash: options.pendingPasswordHash ?? null,
  });
  const link = buildLink(
    linkBaseUrl(services, request, user),
    path,
    token,
    kind,
    options.locale,
    options.searchKeyword,
  );
  const copy = COPY[kind];
  const greeting = EMAIL_MESSAGES.greeting(user.name);
  const confirm = options.pendingPasswordHash
    ? '\nOpening it also makes the password you just chose your password.\n'
    : '';
  await services.email.send({
    to: user.email,
    subject: copy.subject,
    link,
    text: `${greeting}\n\nOpen this link to ${copy.action}:\n\n${link}\n${confirm}\nThe link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this email.\n`,
  });
}
