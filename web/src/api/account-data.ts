import { accountDeletedSchema, type DeleteAccountBody } from '@core/schemas/account-data';
import { statusResponseSchema } from '@core/schemas/auth';
import { apiFile, apiRequest } from './api-client';

/** Export and deletion of the signed-in user's account. */
export const accountDataApi = {
  /** The zip of everything held about the user. */
  export: (token: string) => apiFile('/account/export', token),
  /** Emails a one-use link that deletes the account. */
  requestDeleteLink: (token: string) =>
    apiRequest('/account/delete-link', statusResponseSchema, { method: 'POST', token }),
  /** Deletes the account: by the signed-in user's password, or by an emailed link's token. */
  delete: (body: DeleteAccountBody, token?: string) =>
    apiRequest('/account', accountDeletedSchema, { method: 'DELETE', body, token: token ?? null }),
};
