import { z } from 'zod';
import { accountDeletedSchema, deleteAccountBodySchema } from '../schemas/account-data';
import {
  authResponseSchema,
  createPasswordBodySchema,
  emailLinkBodySchema,
  emailParamsSchema,
  googleCredentialBodySchema,
  loginBodySchema,
  refreshBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  statusResponseSchema,
  tokenParamsSchema,
  tokenStatusResponseSchema,
} from '../schemas/auth';
import { keywordSettingsSchema } from '../schemas/keywords';
import { saveSettingsBodySchema, userSettingsSchema } from '../schemas/settings';
import { endpoint } from './endpoint';

/**
 * Accounts: registration and sign-in (password, Google, emailed links), passwords, the
 * account's export and deletion, and the signed-in user's settings.
 */
export const ACCOUNTS_ENDPOINTS = {
  /** A legacy account's address answers 202 instead: its password waits for the email link. */
  register: endpoint({
    method: 'POST',
    path: '/auth/register',
    body: registerBodySchema,
    status: 200,
    response: authResponseSchema,
    // A legacy account's new password waits for the link the email brings.
    also: { 202: statusResponseSchema },
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    body: loginBodySchema,
    status: 200,
    response: authResponseSchema,
  }),
  createPassword: endpoint({
    method: 'POST',
    path: '/auth/create-password',
    body: createPasswordBodySchema,
    status: 202,
    response: statusResponseSchema,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/auth/refresh',
    body: refreshBodySchema,
    status: 200,
    response: authResponseSchema,
  }),
  tokenStatus: endpoint({
    method: 'GET',
    path: '/auth/token-status',
    status: 200,
    response: tokenStatusResponseSchema,
  }),
  googleRegister: endpoint({
    method: 'POST',
    path: '/auth/google-register',
    body: googleCredentialBodySchema,
    status: 200,
    response: authResponseSchema,
  }),
  googleLogin: endpoint({
    method: 'POST',
    path: '/auth/google-login',
    body: googleCredentialBodySchema,
    status: 200,
    response: authResponseSchema,
  }),
  sendSecureLink: endpoint({
    method: 'POST',
    path: '/secure-link/:email',
    params: emailParamsSchema,
    body: emailLinkBodySchema,
    status: 200,
    response: statusResponseSchema,
  }),
  openSecureLink: endpoint({
    method: 'GET',
    path: '/secure-link/:token',
    params: tokenParamsSchema,
    status: 200,
    response: authResponseSchema,
  }),
  sendResetLink: endpoint({
    method: 'POST',
    path: '/reset-password/:email',
    params: emailParamsSchema,
    body: emailLinkBodySchema,
    status: 200,
    response: statusResponseSchema,
  }),
  openResetLink: endpoint({
    method: 'GET',
    path: '/reset-password/:token',
    params: tokenParamsSchema,
    status: 200,
    response: authResponseSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/reset-password',
    body: resetPasswordBodySchema,
    status: 200,
    response: statusResponseSchema,
  }),
  /** A zip's bytes, not JSON: the web reads it as a file. */
  exportData: endpoint({
    method: 'GET',
    path: '/account/export',
    status: 200,
    response: z.instanceof(Uint8Array),
    media: { type: 'application/zip', description: 'The export as a zip' },
  }),
  requestDeleteLink: endpoint({
    method: 'POST',
    path: '/account/delete-link',
    status: 200,
    response: statusResponseSchema,
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/account',
    body: deleteAccountBodySchema,
    status: 200,
    response: accountDeletedSchema,
  }),
  getSettings: endpoint({
    method: 'GET',
    path: '/settings',
    status: 200,
    response: userSettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/settings',
    body: saveSettingsBodySchema,
    status: 200,
    response: userSettingsSchema,
  }),
  getKeywordSettings: endpoint({
    method: 'GET',
    path: '/settings/keywords',
    status: 200,
    response: keywordSettingsSchema,
  }),
  saveKeywordSettings: endpoint({
    method: 'POST',
    path: '/settings/keywords',
    body: keywordSettingsSchema.partial().strict(),
    status: 200,
    response: keywordSettingsSchema,
  }),
};

/** Each kind of emailed link's two calls: asking for one sent to an address, and opening it. */
export const EMAIL_LINK_ENDPOINTS = {
  'secure-link': {
    send: ACCOUNTS_ENDPOINTS.sendSecureLink,
    open: ACCOUNTS_ENDPOINTS.openSecureLink,
  },
  'reset-password': {
    send: ACCOUNTS_ENDPOINTS.sendResetLink,
    open: ACCOUNTS_ENDPOINTS.openResetLink,
  },
};
