import fc from 'fast-check';

/**
 * Real resources of the fuzzed app (a user's address, a run's id …). Generated requests
 * name them symbolically, so that one case can be replayed on another app, and the app
 * fills them in when the request is sent; with them a request gets past "not found" into
 * the code behind it.
 */
export const KNOWN_NAMES = [
  'email',
  'userId',
  'runId',
  'testId',
  'speedTestId',
  'keywordSearchId',
  'paymentMethodId',
  'mixlabPassword',
  'sandboxUrl',
  'trackedPageId',
  'checkId',
  'webhookId',
  'rankKeywordId',
  'googleCredential',
] as const;
export type KnownName = (typeof KNOWN_NAMES)[number];
export type KnownValues = Record<KnownName, string>;

/** Names whose values are UUIDs, for fields of that format. */
export const KNOWN_UUIDS: KnownName[] = [
  'userId',
  'runId',
  'testId',
  'speedTestId',
  'keywordSearchId',
  'trackedPageId',
  'checkId',
  'webhookId',
  'rankKeywordId',
];

/** The known values a field of this name most likely wants; none when the name says nothing. */
export function knownFor(field: string): KnownName[] {
  const name = field.toLowerCase();
  if (name.includes('url') || name === 'link') return ['sandboxUrl'];
  if (name.includes('email')) return ['email'];
  if (name === 'searchid') return ['speedTestId', 'keywordSearchId'];
  if (name === 'testid') return ['testId', 'speedTestId'];
  if (name === 'id') return ['trackedPageId', 'webhookId', 'rankKeywordId'];
  // The two checks a comparison names.
  if (name === 'a' || name === 'b') return ['checkId'];
  if (name === 'credential') return ['googleCredential'];
  return KNOWN_NAMES.filter((known) => known.toLowerCase() === name);
}

/** A placeholder for one of the app's real values. */
export class Known {
  constructor(readonly name: KnownName) {}

  /** How fast-check prints it in a counterexample, ready to paste into a regression case. */
  [fc.toStringMethod](): string {
    return `known('${this.name}')`;
  }
}

export const known = (name: KnownName): Known => new Known(name);

export function knownOf(names: readonly KnownName[]): fc.Arbitrary<Known> {
  return fc.constantFrom(...names).map(known);
}

/** JSON text of `value` with every placeholder replaced by the app's value. */
export function toJson(value: unknown, values: KnownValues): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Known ? values[v.name] : v));
}
