import { z } from 'zod';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';

const originSchema = z.object({
  originUrl: z.string(),
  searchKeyword: z.string(),
  email: z.string(),
});
export type SavedOrigin = z.infer<typeof originSchema>;

/** Remembers where the user was before an email round trip, to return there after it. */
export function saveOrigin(partial: Partial<SavedOrigin>): void {
  writeStored(STORAGE_KEYS.origin, { ...readOrigin(), ...partial });
}

export function readOrigin(): SavedOrigin {
  return readStored(STORAGE_KEYS.origin, originSchema, {
    originUrl: '/',
    searchKeyword: '',
    email: '',
  });
}

/** The saved page, with the search re-run where the SERP tool was. */
export function originDestination(origin: SavedOrigin): string {
  const path = origin.originUrl.startsWith('/') ? origin.originUrl : '/';
  if (path === '/serp-analysis-tool' && origin.searchKeyword) {
    return `${path}?searchTerm=${encodeURIComponent(origin.searchKeyword)}`;
  }
  return path;
}
