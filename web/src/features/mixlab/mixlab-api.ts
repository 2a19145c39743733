import { useMutation } from '@tanstack/react-query';
import { SCRAPE_ENDPOINTS as SCRAPE } from '@core/endpoints/scrape';
import { MIXLAB_PASSWORD_HEADER } from '@core/schemas/scrape';
import { callEndpoint } from '../../api/api-client';

const withPassword = (password: string) => ({ [MIXLAB_PASSWORD_HEADER]: password });

/** Keys of the MixLab calls: each is a mutation (a password check, a scrape's pages). */
export const mixlabKeys = {
  unlock: ['mixlab', 'unlock'] as const,
  scrape: ['mixlab', 'scrape'] as const,
};

/** The scrape service's calls, the password in its header, never in the bundle. */
export const mixlabApi = {
  unlock: (password: string) => callEndpoint(SCRAPE.unlock, { headers: withPassword(password) }),
  listingPages: (token: string, password: string) =>
    callEndpoint(SCRAPE.countPages, { token, headers: withPassword(password) }),
  page: (token: string, password: string, page: number) =>
    callEndpoint(SCRAPE.scrapePage, { token, body: { page }, headers: withPassword(password) }),
};

/** The shared password, checked by the server; the mutation's variables hold the one taken. */
export function useUnlock() {
  return useMutation({ mutationKey: mixlabKeys.unlock, mutationFn: mixlabApi.unlock });
}
