import fc from 'fast-check';
import {
  PROTOTYPE_KEYS,
  anyJsonValue,
  anyString,
  defineKey,
  lengthBoundaries,
  numberBoundaries,
  pollutingValue,
} from './hostile-values';
import { KNOWN_NAMES, KNOWN_UUIDS, Known, knownFor, knownOf } from './known-values';
import type { JsonSchema } from './openapi-operations';

const INT32 = 2 ** 31 - 1;

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);

/** The numeric range a schema allows, exclusive bounds tightened. */
function range(s: JsonSchema, integer: boolean) {
  const step = integer ? 1 : Number.EPSILON;
  let min = s.minimum ?? -INT32;
  let max = s.maximum ?? INT32;
  if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + step;
  else if (s.exclusiveMinimum === true) min += step;
  if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - step;
  else if (s.exclusiveMaximum === true) max -= step;
  return { min: Math.max(min, -INT32), max: Math.min(max, INT32) };
}

function validString(s: JsonSchema): fc.Arbitrary<unknown> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? 64;
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength;
  if (s.format === 'uuid') return fc.oneof(fc.uuid({ version: 4 }), knownOf(KNOWN_UUIDS));
  if (s.format === 'email') return fc.oneof(fc.emailAddress().filter(fits), knownOf(['email']));
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  return fc.oneof(
    {
      arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 24) }),
      weight: 4,
    },
    { arbitrary: knownOf(KNOWN_NAMES), weight: 1 },
  );
}

/**
 * Values the schema accepts (as far as JSON Schema says: zod's trims and refinements aside);
 * a field whose name says which of the app's real values it wants gets that one often.
 */
export function validValue(s: JsonSchema, field = ''): fc.Arbitrary<unknown> {
  const hints = typeOf(s) === 'string' ? knownFor(field) : [];
  const base = hints.length
    ? fc.oneof({ arbitrary: knownOf(hints), weight: 2 }, { arbitrary: validBase(s), weight: 3 })
    : validBase(s);
  return s.nullable ? fc.oneof({ arbitrary: base, weight: 4 }, fc.constant(null)) : base;
}

function validBase(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((branch) => validValue(branch)));
  if (s.allOf) return validValue(Object.assign({}, ...s.allOf) as JsonSchema);
  switch (typeOf(s)) {
    case 'string':
      return validString(s);
    case 'integer':
      return fc.integer(range(s, true));
    case 'number':
      return fc.double({ ...range(s, false), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const tuple = s.prefixItems ?? (Array.isArray(s.items) ? s.items : null);
      if (tuple) return fc.tuple(...tuple.map((item) => validValue(item)));
      const minLength = s.minItems ?? 0;
      return fc.array(validValue((s.items as JsonSchema | undefined) ?? {}), {
        minLength,
        maxLength: Math.min(s.maxItems ?? minLength + 3, minLength + 3),
      });
    }
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(s.properties ?? {}).map(([k, p]) => [k, validValue(p, k)]),
        ),
        { requiredKeys: s.required ?? [] },
      );
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Inputs aimed at one field: other types, limits and past them, pollution, depth, size. */
export function hostileValue(s: JsonSchema): fc.Arbitrary<unknown> {
  const targeted: fc.Arbitrary<unknown>[] = [anyJsonValue];
  const type = typeOf(s);
  if (type === 'string') targeted.push(lengthBoundaries(s.minLength, s.maxLength), anyString);
  if (type === 'integer' || type === 'number')
    targeted.push(numberBoundaries(s.minimum, s.maximum));
  if (type === 'array') {
    const item = validValue((Array.isArray(s.items) ? s.items[0] : s.items) ?? {});
    const counts = [s.maxItems === undefined ? 1_000 : s.maxItems + 1, 50_000];
    targeted.push(
      fc
        .tuple(item, fc.constantFrom(...counts))
        .map(([v, n]) => Array.from({ length: n }, () => v)),
    );
  }
  if (type === 'object') targeted.push(pollutingValue);
  return fc.oneof(...targeted);
}

type Path = (string | number)[];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Known);

const valueAt = (root: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], root);

/** Where a value may be changed: every place in it, with the schema that place has. */
function places(
  value: unknown,
  s: JsonSchema,
  path: Path = [],
): { path: Path; schema: JsonSchema }[] {
  const here = [{ path, schema: s }];
  if (path.length > 6) return here;
  const branch = s.anyOf?.[0] ?? s.oneOf?.[0];
  const schema = branch && !s.type ? branch : s;
  if (Array.isArray(value)) {
    const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : null);
    return here.concat(
      ...value
        .slice(0, 3)
        .map((v, i) =>
          places(v, (tuple ? tuple[i] : (schema.items as JsonSchema | undefined)) ?? {}, [
            ...path,
            i,
          ]),
        ),
    );
  }
  if (isRecord(value)) {
    return here.concat(
      ...Object.entries(value).map(([k, v]) =>
        places(v, schema.properties?.[k] ?? {}, [...path, k]),
      ),
    );
  }
  return here;
}

const REMOVE = Symbol('remove');

/** A copy of `root` with the value at `path` replaced, or removed when `value` is `REMOVE`. */
function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    if (value === REMOVE && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = setAt(root[head as number], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(root as Record<string, unknown>)) defineKey(copy, k, v);
  if (value === REMOVE && rest.length === 0) delete copy[head as string];
  else defineKey(copy, head as string, setAt(copy[head as string], rest, value));
  return copy;
}

/** An extra key: a polluting one, a near-miss of a real one, or anything. */
const extraKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), anyString);

/**
 * A value the schema accepts, then broken in one to three places: a field replaced with a
 * hostile value, a field removed, or a key added (often `__proto__` or `constructor`).
 */
export function brokenValue(s: JsonSchema): fc.Arbitrary<unknown> {
  const breakOnce = (value: unknown): fc.Arbitrary<unknown> => {
    const targets = places(value, s);
    const objects = targets.filter(({ path }) => isRecord(valueAt(value, path)));
    const fields = targets.filter(({ path }) => path.length > 0);
    const options: fc.Arbitrary<unknown>[] = [
      fc
        .constantFrom(...targets)
        .chain(({ path, schema }) => hostileValue(schema).map((v) => setAt(value, path, v))),
    ];
    if (fields.length > 0) {
      options.push(fc.constantFrom(...fields).map(({ path }) => setAt(value, path, REMOVE)));
    }
    if (objects.length > 0) {
      options.push(
        fc
          .tuple(fc.constantFrom(...objects), extraKey, anyJsonValue)
          .map(([{ path }, key, extra]) => setAt(value, [...path, key], extra)),
      );
    }
    return fc.oneof(...options);
  };
  return validValue(s).chain((value) =>
    fc.integer({ min: 1, max: 3 }).chain((times) => {
      let arb = breakOnce(value);
      for (let i = 1; i < times; i++) arb = arb.chain(breakOnce);
      return arb;
    }),
  );
}
