/**
 * The operators' token, kept for this tab only (sessionStorage): it opens every ops route,
 * so it should not outlive the tab nor reach other tabs, and the page never sends it
 * anywhere but the API.
 */
const KEY = 'speedrank.opsToken';

export const opsToken = {
  read: (): string | null => window.sessionStorage.getItem(KEY),
  save: (token: string) => window.sessionStorage.setItem(KEY, token),
  forget: () => window.sessionStorage.removeItem(KEY),
};
