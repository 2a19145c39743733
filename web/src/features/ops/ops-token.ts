/**
 * The operators' token, kept for this tab only (sessionStorage): it opens every ops route,
 * so it should not outlive the tab nor reach other tabs, and the page never sends it
 * anywhere but the API.
 */
const KEY = 'speedrank.opsToken';

export const opsToken = {
  /** Null too where there is no storage: the page is prerendered without a window. */
  read(): string | null {
    try {
      return window.sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  save: (token: string) => window.sessionStorage.setItem(KEY, token),
  forget: () => window.sessionStorage.removeItem(KEY),
};
