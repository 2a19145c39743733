import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { registerByApi } from './accounts';

const host = (site: string) => `${site}.sandbox.localhost`;

/**
 * A new account tracking two sandbox keywords for a site the index ranks, with a
 * competitor, each checked once by API; `get` reads the API as that account.
 */
export async function checkedSandboxKeywords(page: Page, baseUrl: string, prefix: string) {
  const api = (path: string) => `${baseUrl}/backend-service/v1${path}`;
  const auth = await registerByApi(page, prefix);
  const headers = { authorization: `Bearer ${auth.token}` };
  const added = await page.request.post(api('/rank-tracking/keywords/bulk'), {
    headers,
    data: {
      keywords: ['ice cream flavors', 'homemade ice cream'].map((keyword) => ({
        keyword,
        domain: host('gelato-lab'),
        device: 'desktop',
        country: 'us',
        competitors: [host('creamery-notes')],
      })),
    },
  });
  expect(added.status()).toBe(201);
  for (const { id } of (await added.json()).keywords as { id: string }[]) {
    expect(
      (await page.request.post(api(`/rank-tracking/keywords/${id}/check`), { headers })).ok(),
    ).toBe(true);
  }
  const get = async (path: string): Promise<unknown> => {
    const response = await page.request.get(api(path), { headers });
    expect(response.status()).toBe(200);
    return response.json();
  };
  return { auth, get };
}
