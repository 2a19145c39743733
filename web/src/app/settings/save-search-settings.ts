import { authApi } from '../auth/auth-api';
import type { SearchSettings } from './settings-context';

/** Spec 001 §7.6: after each successful search the user's search settings are saved. */
export function saveSearchSettings(token: string, settings: SearchSettings, originUrl: string) {
  const { deviceType, googleDomain, country, language } = settings;
  authApi
    .saveSettings(token, { deviceType, googleDomain, country, language, originUrl })
    .catch((e: unknown) => console.error('saving settings failed', e));
}
