import { z } from 'zod';
import {
  authResponseSchema,
  statusResponseSchema,
  tokenStatusResponseSchema,
  type AuthResponse,
} from '@core/schemas/auth';
import { userSettingsSchema, type SaveSettingsBody } from '@core/schemas/settings';
import type { StoredSession } from '@core/schemas/session';
import { TIME_ZONE_HEADER } from '@core/schemas/time-zone';
import { apiRequest } from './api-client';

/** Register answers 202 for a legacy account: the new password waits for the email link. */
const registerResultSchema = z.union([authResponseSchema, statusResponseSchema]);

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
    apiRequest('/auth/login', authResponseSchema, {
      method: 'POST',
      body: { email, password },
      headers: signInHeaders(),
    }),
  register: (body: { email: string; name?: string; password: string }) =>
    apiRequest('/auth/register', registerResultSchema, {
      method: 'POST',
      body,
      headers: signInHeaders(),
    }),
  createPassword: (email: string, password: string) =>
    apiRequest('/auth/create-password', statusResponseSchema, {
      method: 'POST',
      body: { email, password },
    }),
  googleLogin: (credential: string) =>
    apiRequest('/auth/google-login', authResponseSchema, {
      method: 'POST',
      body: { credential },
      headers: signInHeaders(),
    }),
  googleRegister: (credential: string, name?: string) =>
    apiRequest('/auth/google-register', authResponseSchema, {
      method: 'POST',
      body: { credential, name },
      headers: signInHeaders(),
    }),
  refresh: (session: StoredSession) =>
    apiRequest('/auth/refresh', authResponseSchema, {
      method: 'POST',
      token: session.token,
      body: { token: session.token, email: session.email },
    }),
  tokenStatus: (token: string) =>
    apiRequest('/auth/token-status', tokenStatusResponseSchema, { token }),
  requestEmailLink: (kind: 'secure-link' | 'reset-password', email: string, body: object) =>
    apiRequest(`/${kind}/${encodeURIComponent(email)}`, statusResponseSchema, {
      method: 'POST',
      body,
    }),
  redeemEmailLink: (kind: 'secure-link' | 'reset-password', token: string) =>
    apiRequest(`/${kind}/${encodeURIComponent(token)}`, authResponseSchema, {
      headers: signInHeaders(),
    }),
  resetPassword: (token: string, password: string) =>
    apiRequest('/reset-password', statusResponseSchema, {
      method: 'POST',
      token,
      body: { password },
    }),
  getSettings: (token: string) => apiRequest('/settings', userSettingsSchema, { token }),
  saveSettings: (token: string, body: SaveSettingsBody) =>
    apiRequest('/settings', z.unknown(), { method: 'POST', token, body }),
  subscribeEmail: (body: { emailAddress: string; firstName?: string; searchTerm?: string }) =>
    apiRequest('/email-subscribers', statusResponseSchema, { method: 'POST', body }),
};

export function isAuthResponse(value: unknown): value is AuthResponse {
  return authResponseSchema.safeParse(value).success;
}
