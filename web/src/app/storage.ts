import type { StandardSchemaV1 } from '@standard-schema/spec';
import * as v from 'valibot';
import { GATED_TOOLS, type GatedTool } from '@core/journey';
import { blankSession, storedSessionSchema, type StoredSession } from '@core/schemas/session';

/**
 * Reads a JSON value from localStorage, falling back when absent or malformed. Any Standard
 * Schema checks it: the shell's records use valibot, the screens' zod.
 */
export function readStored<T>(key: string, schema: StandardSchemaV1<unknown, T>, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    const result = schema['~standard'].validate(JSON.parse(raw));
    if (result instanceof Promise) throw new TypeError(`${key}: schema must check synchronously`);
    return result.issues ? fallback : result.value;
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
  /** Whether the visitor has subscribed by email (on registering); they then get no gate. */
  emailSubscribed: 'speedrank.emailSubscribed',
  /** The first-search flags per tool: the tools this browser has used. */
  toolsUsed: 'speedrank.toolsUsed',
  /** Where the user was (and what they searched) before an email round trip. */
  origin: 'speedrank.origin',
  searchTerm: 'speedrank.searchTerm',
  /** The keyword tool's settings: country, country_code, language, temperature, algorithm. */
  keywordSettings: 'speedrank.keywordSettings',
  /** The last speed test's and SERP analysis' pages, offered by site speed tracking. */
  recentPages: 'speedrank.recentPages',
  /** Lighthouse categories measured beside performance, per tool (the settings' copy). */
  lighthouseCategories: 'speedrank.lighthouseCategories',
} as const;

const toolsUsedSchema = v.array(v.picklist(GATED_TOOLS));

/**
 * The visitor's journey as the browser keeps it: the stored session, the email-subscribed
 * flag and a first-use flag per tool. Log-out and a rejected token reset the flags.
 */
export const journeyStore = {
  session: (): StoredSession =>
    readStored(STORAGE_KEYS.session, storedSessionSchema, blankSession()),
  setSession: (session: StoredSession) => writeStored(STORAGE_KEYS.session, session),
  emailSubscribed: (): boolean => readStored(STORAGE_KEYS.emailSubscribed, v.boolean(), false),
  setEmailSubscribed: (subscribed: boolean) =>
    writeStored(STORAGE_KEYS.emailSubscribed, subscribed),
  hasUsed: (tool: GatedTool): boolean =>
    readStored(STORAGE_KEYS.toolsUsed, toolsUsedSchema, []).includes(tool),
  markUsed(tool: GatedTool) {
    const used = readStored(STORAGE_KEYS.toolsUsed, toolsUsedSchema, []);
    if (!used.includes(tool)) writeStored(STORAGE_KEYS.toolsUsed, [...used, tool]);
  },
  resetFlags() {
    writeStored(STORAGE_KEYS.emailSubscribed, false);
    writeStored(STORAGE_KEYS.toolsUsed, []);
  },
};
