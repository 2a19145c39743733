import type { z } from 'zod';
import { ACCOUNTS_ENDPOINTS as ACCOUNTS, EMAIL_LINK_ENDPOINTS } from '@core/endpoints/accounts';
import { SITE_ENDPOINTS } from '@core/endpoints/site';
import {
  authResponseSchema,
  type AuthResponse,
  type emailLinkBodySchema,
} from '@core/schemas/auth';
import type { SaveSettingsBody } from '@core/schemas/settings';
import type { StoredSession } from '@core/schemas/session';
import { TIME_ZONE_HEADER } from '@core/schemas/time-zone';
import { callEndpoint } from './api-client';

/** Each sign-in tells the server the browser's zone: emails give their times in it. */
const signInHeaders = () => ({
  [TIME_ZONE_HEADER]: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

/** Keys of the account mutations, so that a screen can tell one is under way. */
export const authKeys = {
  all: ['auth'] as const,
  login: ['auth', 'login'] as const,
  googleLogin: ['auth', 'google-login'] as const,
  register: ['auth', 'register'] as const,
  googleRegister: ['auth', 'google-register'] as const,
  createPassword: ['auth', 'create-password'] as const,
  emailLink: (kind: 'secure-link' | 'reset-password') => ['auth', kind] as const,
  resetPassword: ['auth', 'reset-password'] as const,
  pageLoad: ['auth', 'page-load'] as const,
};

export const authApi = {
  login: (email: string, password: string) =>
    callEndpoint(ACCOUNTS.login, { body: { email, password }, headers: signInHeaders() }),
  register: (body: { email: string; name?: string; password: string }) =>
    callEndpoint(ACCOUNTS.register, { body, headers: signInHeaders() }),
  createPassword: (email: string, password: string) =>
    callEndpoint(ACCOUNTS.createPassword, { body: { email, password } }),
  googleLogin: (credential: string) =>
    callEndpoint(ACCOUNTS.googleLogin, { body: { credential }, headers: signInHeaders() }),
  googleRegister: (credential: string, name?: string) =>
    callEndpoint(ACCOUNTS.googleRegister, {
      body: { credential, name },
      headers: signInHeaders(),
    }),
  refresh: (session: StoredSession) =>
    callEndpoint(ACCOUNTS.refresh, {
      token: session.token,
      body: { token: session.token, email: session.email },
    }),
  tokenStatus: (token: string) => callEndpoint(ACCOUNTS.tokenStatus, { token }),
  requestEmailLink: (
    kind: 'secure-link' | 'reset-password',
    email: string,
    body: z.input<typeof emailLinkBodySchema>,
  ) => callEndpoint(EMAIL_LINK_ENDPOINTS[kind].send, { params: { email }, body }),
  redeemEmailLink: (kind: 'secure-link' | 'reset-password', token: string) =>
    callEndpoint(EMAIL_LINK_ENDPOINTS[kind].open, {
      params: { token },
      headers: signInHeaders(),
    }),
  resetPassword: (token: string, password: string) =>
    callEndpoint(ACCOUNTS.resetPassword, { token, body: { password } }),
  getSettings: (token: string) => callEndpoint(ACCOUNTS.getSettings, { token }),
  saveSettings: (token: string, body: SaveSettingsBody) =>
    callEndpoint(ACCOUNTS.saveSettings, { token, body }),
  subscribeEmail: (body: { emailAddress: string; firstName?: string; searchTerm?: string }) =>
    callEndpoint(SITE_ENDPOINTS.subscribeEmail, { body }),
};

export function isAuthResponse(value: unknown): value is AuthResponse {
  return authResponseSchema.safeParse(value).success;
}
