import fc from 'fast-check';

/** Keys that pollute `Object.prototype` when an object is merged or assigned carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Sets an own property, even `__proto__`, so that JSON.stringify writes it. */
export function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Strings that broke parsers, databases and templates somewhere before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '\uFEFF',
  'e\u0301',
  '👨‍👩‍👧‍👦',
  'Ω≈ç√∫',
  '𝕿𝖍𝖊',
  "'; drop table users; --",
  '" or 1=1 --',
  '%00',
  '%',
  '%ZZ',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '\r\nSet-Cookie: x=1',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-1',
  '1e999',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'http://[::1]/',
  'http://user:pass@example.com/',
  'http://localhost:22/',
  'a@b.c',
  'A@B.CO',
  ' a@b.co ',
] as const;

/** Any string at all: full Unicode, control characters, and the nasty list. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);

/** Strings around and past a declared length: at the limit, one over, and very long. */
export function lengthBoundaries(minLength = 0, maxLength?: number): fc.Arbitrary<string> {
  const lengths = [minLength, Math.max(0, minLength - 1), 4_096, 100_000];
  if (maxLength !== undefined) lengths.push(maxLength, maxLength + 1, maxLength * 2 + 1);
  return fc
    .tuple(fc.constantFrom(...lengths), fc.constantFrom('a', ' ', '\u0000', 'é', '😀', '%'))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));
}

/** Numbers that sit on, just past or far past any limit, and those JSON barely holds. */
export function numberBoundaries(minimum?: number, maximum?: number): fc.Arbitrary<number> {
  const values = [
    0,
    -0,
    1,
    -1,
    0.5,
    2 ** 31,
    -(2 ** 31),
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    5e-324,
  ];
  for (const limit of [minimum, maximum]) {
    if (limit !== undefined) values.push(limit, limit - 1, limit + 1, limit - 0.5, limit + 0.5);
  }
  return fc.oneof(fc.constantFrom(...values), fc.double({ noNaN: true, noDefaultInfinity: true }));
}

/** An object or array nested `depth` levels deep. */
export function deeplyNested(depth: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = kind === 'object' ? { a: value } : [value];
  return value;
}

/** Values that carry a prototype-pollution payload. */
export const pollutingValue: fc.Arbitrary<Record<string, unknown>> = fc
  .constantFrom(...PROTOTYPE_KEYS)
  .map((key) => {
    const payload: Record<string, unknown> = {};
    defineKey(
      payload,
      key,
      key === 'constructor' ? { prototype: { fuzzPolluted: true } } : { fuzzPolluted: true },
    );
    return payload;
  });

/** Any JSON value of any type, from tiny to huge and deep. */
export const anyJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, '', [], {}), weight: 3 },
  { arbitrary: anyString, weight: 3 },
  { arbitrary: numberBoundaries(), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: pollutingValue, weight: 1 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom(100, 1_000),
        fc.constantFrom('object', 'array') as fc.Arbitrary<'object' | 'array'>,
      )
      .map(([depth, kind]) => deeplyNested(depth, kind)),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom(1_000, 20_000).map((n) => Array.from({ length: n }, (_, i) => i)),
    weight: 1,
  },
);

/** Bodies that are not the JSON they claim to be, or JSON that hides a trap. */
export const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  'NaN',
  '{"a":NaN}',
  'undefined',
  '\u0000',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  '"\\ud800"',
  '{"__proto__":{"fuzzPolluted":true}}',
  '{"constructor":{"prototype":{"fuzzPolluted":true}}}',
  '1e999',
  '-',
  '0x10',
  '[]',
  'null',
  'true',
  '"a string"',
  '{"a":"\\u0000"}',
  '{"a":1,"a":2}',
  '['.repeat(20_000),
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":${'9'.repeat(400)}}`,
] as const;

/** Content types a client may send, right and wrong. */
export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/octet-stream',
  '*/*',
  'json',
  ';',
] as const;
