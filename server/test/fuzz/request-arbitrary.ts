import fc from 'fast-check';
import {
  CONTENT_TYPES,
  MALFORMED_JSON,
  anyJsonValue,
  anyString,
  lengthBoundaries,
} from './hostile-values';
import { KNOWN_NAMES, Known, knownOf } from './known-values';
import type { JsonSchema, Operation } from './openapi-operations';
import { brokenValue, validValue } from './schema-values';

/** Who the request claims to be: tokens.ts makes the header of each kind. */
export const AUTH_KINDS = [
  'none',
  'free',
  'pro',
  'expired',
  'forged',
  'alg-none',
  'unknown-session',
  'revoked',
  'wrong-scheme',
  'viewer',
  'token',
  'revoked-token',
] as const;
export type AuthKind = (typeof AUTH_KINDS)[number] | { garbage: string };

/** A path segment sent as it is, not percent-encoded: `..`, `%ZZ`, an encoded slash. */
export interface RawSegment {
  raw: string;
}

export type FuzzBody =
  | { json: unknown; contentType: string | null }
  | { text: string; contentType: string | null }
  /** A JSON body of about `oversize` bytes, built when sent (a counterexample stays short). */
  | { oversize: number; contentType: string | null };

/** One generated request, with the app's real values still symbolic (`Known`). */
export interface FuzzRequest {
  params: Record<string, unknown>;
  /** The query string without its `?`; empty for none. */
  query: string;
  auth: AuthKind;
  headers: Record<string, string | Known>;
  body: FuzzBody | null;
  remoteAddress: string;
}

/** Percent-encoded UTF-8; a lone surrogate, which no URL can carry, becomes U+FFFD. */
export const percentEncoded = (text: string) => encodeURIComponent(Buffer.from(text).toString());

/** Header values a client can send at all: visible Latin-1, no line breaks. */
export const headerSafe = (s: string) => /^[\x20-\x7e\x80-\xff]*$/.test(s);

const RAW_SEGMENTS = ['', '.', '..', '%2e%2e', '%2F', '%00', '%ZZ', '%', ';', 'a%20b', '%E2%80%AE'];

function paramValue(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validValue(schema, name), weight: 4 },
    { arbitrary: knownOf(KNOWN_NAMES), weight: 2 },
    {
      arbitrary: fc.oneof(anyString, lengthBoundaries(schema.minLength, schema.maxLength)),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((raw): RawSegment => ({ raw })), weight: 1 },
  );
}

const QUERIES = [
  'a=1',
  'a=1&a=2',
  '__proto__[fuzzPolluted]=1',
  '__proto__.fuzzPolluted=1',
  'constructor[prototype][fuzzPolluted]=1',
  'a=%ZZ',
  '%00=%00',
  '&&&',
  '=',
  '?',
  `a=${'x'.repeat(10_000)}`,
];

function queryArbitrary(op: Operation): fc.Arbitrary<string> {
  const documented = op.queryParams.map((p) =>
    fc
      .option(fc.oneof(validValue(p.schema), anyString), { nil: undefined })
      .map((v) => (v === undefined ? '' : `${p.name}=${percentEncoded(String(v))}`)),
  );
  return fc
    .tuple(
      fc.tuple(...documented),
      fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, fc.constantFrom(...QUERIES)),
    )
    .map(([parts, extra]) => [...parts, extra].filter(Boolean).join('&'));
}

/** Mostly the right kind of identity for the operation, and any other one now and then. */
function authArbitrary(op: Operation): fc.Arbitrary<AuthKind> {
  const valid = op.secured ? ['free', 'pro', 'viewer', ...(op.tokens ? ['token'] : [])] : ['none'];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(valid as AuthKind[])), weight: 5 },
    { arbitrary: fc.constantFrom(...AUTH_KINDS), weight: 3 },
    {
      arbitrary: fc
        .oneof(anyString, lengthBoundaries(0, 8_192), fc.constant('a.b.c'))
        .filter(headerSafe)
        .map((garbage) => ({ garbage })),
      weight: 1,
    },
  );
}

const ENCODINGS = ['gzip', 'br', 'deflate', 'gzip;q=0, br', '*', 'identity;q=0', 'x-fuzz'];
const HOSTS = ['a b', '[::1', 'x'.repeat(300), 'localhost:99999', 'évil.example', '-'];
const FORWARDED = ['', 'garbage', '1.1.1.1, 2.2.2.2', '::1', 'x'.repeat(1_000), '999.999.999.999'];

type Header = readonly [string, string | Known];

/** `arbitrary` in `present` cases of `present + absent`, else nothing. */
const sometimes = (arbitrary: fc.Arbitrary<Header>, present: number, absent: number) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: absent }, { arbitrary, weight: present });

function headersArbitrary(op: Operation): fc.Arbitrary<Record<string, string | Known>> {
  const fixed = (name: string, values: string[]) =>
    fc.constantFrom(...values).map((value): Header => [name, value]);
  const headers = [
    ...op.headerParams.map((p) =>
      sometimes(
        fc
          .oneof(
            { arbitrary: knownOf(['mixlabPassword']), weight: 3 },
            fc.oneof(anyString, validValue(p.schema).map(String)).filter(headerSafe),
          )
          .map((value): Header => [p.name, value]),
        5,
        1,
      ),
    ),
    sometimes(fixed('accept-encoding', ENCODINGS), 1, 2),
    sometimes(fixed('host', HOSTS), 1, 11),
    sometimes(fixed('x-forwarded-for', FORWARDED), 1, 5),
  ];
  return fc
    .tuple(...headers)
    .map((list) => Object.fromEntries(list.filter((h): h is Header => h !== undefined)));
}

function bodyArbitrary(op: Operation): fc.Arbitrary<FuzzBody | null> {
  const json = 'application/json';
  const stray = fc.record({ json: anyJsonValue, contentType: fc.constant(json) });
  if (!op.body) {
    return fc.oneof({ arbitrary: fc.constant(null), weight: 6 }, stray);
  }
  const schema = op.body;
  const anyContentType = fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.constant(null));
  return fc.oneof(
    {
      arbitrary: fc.record({ json: validValue(schema), contentType: fc.constant(json) }),
      weight: 4,
    },
    {
      arbitrary: fc.record({ json: brokenValue(schema), contentType: fc.constant(json) }),
      weight: 6,
    },
    { arbitrary: fc.record({ json: validValue(schema), contentType: anyContentType }), weight: 1 },
    {
      arbitrary: fc.record({
        text: fc.constantFrom(...MALFORMED_JSON),
        contentType: fc.oneof(fc.constant(json), anyContentType),
      }),
      weight: 2,
    },
    { arbitrary: stray, weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: fc.constant({ oversize: 1_200_000, contentType: json }), weight: 1 },
  );
}

const remoteAddress = fc.oneof(
  { arbitrary: fc.constant('203.0.113.7'), weight: 2 },
  // A proxy on the private network: the X-Forwarded-For it passes on names the client.
  fc.constant('10.0.0.2'),
  fc.ipV4(),
  fc.ipV6(),
);

/** Requests for one operation: mostly aimed at its documented inputs, always a little off. */
export function requestArbitrary(op: Operation): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    params: fc.record(
      Object.fromEntries(op.pathParams.map((p) => [p.name, paramValue(p.name, p.schema)])),
    ),
    query: queryArbitrary(op),
    auth: authArbitrary(op),
    headers: headersArbitrary(op),
    body: bodyArbitrary(op),
    remoteAddress,
  });
}
