import { authApi } from '../../api/auth';
import type { SearchSettings } from './settings-context';

/**
 * After each successful search the user's search settings are saved, with the page and the
 * term searched: a sign-in elsewhere (an emailed link) can return to that search.
 */
export function saveSearchSettings(
  token: string,
  settings: SearchSettings,
  originUrl: string,
  searchKeyword?: string,
) {
  const { deviceType, googleDomain, country, language } = settings;
  const search = searchKeyword === undefined ? {} : { searchKeyword };
  authApi
    .saveSettings(token, { deviceType, googleDomain, country, language, originUrl, ...search })
    .catch((e: unknown) => console.error('saving settings failed', e));
}
