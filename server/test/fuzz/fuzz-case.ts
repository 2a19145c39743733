import type { InjectOptions } from 'fastify';
import { responseMismatch } from './documented-response';
import type { FuzzApp } from './fuzz-app';
import { Known, toJson } from './known-values';
import type { Operation } from './openapi-operations';
import {
  percentEncoded,
  type FuzzBody,
  type FuzzRequest,
  type RawSegment,
} from './request-arbitrary';

/** Longer than any fuzzed request takes; a request still open then has hung. */
const HANG_MS = 15_000;

const isRaw = (v: unknown): v is RawSegment =>
  typeof v === 'object' && v !== null && 'raw' in v && typeof v.raw === 'string';

function payload(body: FuzzBody, fuzz: FuzzApp): string {
  if ('json' in body) return toJson(body.json, fuzz.known);
  if ('text' in body) return body.text;
  return `{"a":"${'x'.repeat(body.oversize)}"}`;
}

/** The inject options of a generated request, the app's real values filled in. */
export async function injection(
  fuzz: FuzzApp,
  op: Operation,
  request: FuzzRequest,
): Promise<InjectOptions> {
  const segment = (value: unknown) => {
    if (isRaw(value)) return value.raw;
    const text = value instanceof Known ? fuzz.known[value.name] : String(value);
    return percentEncoded(text);
  };
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => segment(request.params[name]));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name] = value instanceof Known ? fuzz.known[value.name] : value;
  }
  // The case's own workspace header, if it sends one, stays: a viewer's names the team.
  const { authorization, ...named } = await fuzz.credentials(request.auth);
  if (authorization !== undefined) headers.authorization = authorization;
  for (const [name, value] of Object.entries(named)) headers[name] ??= value;
  const { body } = request;
  if (body?.contentType) headers['content-type'] = body.contentType;
  return {
    method: op.method as InjectOptions['method'],
    url: request.query ? `${path}?${request.query}` : path,
    headers,
    remoteAddress: request.remoteAddress,
    ...(body ? { payload: payload(body, fuzz) } : {}),
  };
}

const BASELINE_PROTOTYPE = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Keys a request added to `Object.prototype`, removed again so that later cases run clean. */
function prototypePollution(): string[] {
  const added = Object.getOwnPropertyNames(Object.prototype).filter(
    (key) => !BASELINE_PROTOTYPE.has(key),
  );
  for (const key of added) delete (Object.prototype as Record<string, unknown>)[key];
  return added;
}

/**
 * Sends one generated request and says what is wrong with the answer: a 5xx, a hang, a body
 * the document does not promise for its status, rows changed by a refused request, or a
 * polluted prototype. Null when nothing is.
 */
export async function fuzzCase(
  fuzz: FuzzApp,
  op: Operation,
  request: FuzzRequest,
): Promise<string | null> {
  const options = await injection(fuzz, op, request);
  await fuzz.quiesce();
  await fuzz.rows.settle();
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>(
    (resolve) => (timer = setTimeout(() => resolve('hung'), HANG_MS)),
  );
  const res = await Promise.race([fuzz.t.app.inject(options), hung]).finally(() =>
    clearTimeout(timer),
  );
  if (res === 'hung') return `no answer within ${HANG_MS} ms`;
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const mismatch = responseMismatch(op, res);
  if (mismatch) problems.push(`${res.statusCode}: ${mismatch}`);
  if (res.statusCode >= 400) {
    const changed = await fuzz.rows.changed();
    if (changed.length) problems.push(`${res.statusCode} changed rows of ${changed.join(', ')}`);
  }
  const polluted = prototypePollution();
  if (polluted.length) problems.push(`Object.prototype polluted: ${polluted.join(', ')}`);
  return problems.length ? problems.join('\n') : null;
}
