import { ACCOUNTS_ENDPOINTS as ACCOUNTS } from '@core/endpoints/accounts';
import { endpointPath } from '@core/endpoints/endpoint';
import type { DeleteAccountBody } from '@core/schemas/account-data';
import { apiFile, callEndpoint } from './api-client';

/** Export and deletion of the signed-in user's account. */
export const accountDataApi = {
  /** The zip of everything held about the user. */
  export: (token: string) => apiFile(endpointPath(ACCOUNTS.exportData), token),
  /** Emails a one-use link that deletes the account. */
  requestDeleteLink: (token: string) => callEndpoint(ACCOUNTS.requestDeleteLink, { token }),
  /** Deletes the account: by the signed-in user's password, or by an emailed link's token. */
  delete: (body: DeleteAccountBody, token?: string) =>
    callEndpoint(ACCOUNTS.deleteAccount, { body, token: token ?? null }),
};
