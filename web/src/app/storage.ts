import type { z } from 'zod';

/** Reads a JSON value from localStorage, falling back when absent or malformed. */
export function readStored<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  window.localStorage.setItem(key, JSON.stringify(value));
}

export const STORAGE_KEYS = {
  settings: 'speedrank.settings',
  session: 'speedrank.session',
  /** Spec 000 §3 'email-subscribed flag'. */
  emailSubscribed: 'speedrank.emailSubscribed',
  /** Where the user was (and what they searched) before an email round trip. */
  origin: 'speedrank.origin',
  searchTerm: 'speedrank.searchTerm',
  /** Spec 002 §3 keyword settings: country, country_code, language, temperature, algorithm. */
  keywordSettings: 'speedrank.keywordSettings',
} as const;
