import zlib from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { DocumentedResponse, JsonSchema, Operation } from './openapi-operations';

// `nullable` and the other OpenAPI 3.0 keywords are Ajv's own; annotations are not errors.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

/** OpenAPI 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` in the numeric form Ajv reads. */
function numericBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(numericBounds);
  if (value === null || typeof value !== 'object') return value;
  const schema: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) schema[key] = key === 'enum' ? v : numericBounds(v);
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[exclusive] !== 'boolean') continue;
    if (schema[exclusive]) schema[exclusive] = schema[bound];
    else delete schema[exclusive];
    if (schema[exclusive] !== undefined) delete schema[bound];
  }
  return schema;
}

function validator(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(numericBounds(schema) as JsonSchema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** What the document says a status of the operation answers: its own entry, its class or default. */
function documented(op: Operation, status: number): DocumentedResponse | undefined {
  return (
    op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default
  );
}

export interface SentResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
}

function decoded(res: SentResponse): Buffer {
  const encoding = String(res.headers['content-encoding'] ?? 'identity');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload);
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload);
  if (encoding === 'deflate') return zlib.inflateSync(res.rawPayload);
  return res.rawPayload;
}

/** Why the response is not what the document promises for its status; null when it is. */
export function responseMismatch(op: Operation, res: SentResponse): string | null {
  const promised = documented(op, res.statusCode);
  if (!promised)
    return `status ${res.statusCode} is not documented; body: ${res.rawPayload.toString('utf8').slice(0, 200)}`;
  const body = decoded(res);
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const types = Object.keys(promised);
  // A status documented without content says nothing about the body.
  if (types.length === 0) return null;
  if (!types.includes(type))
    return `content type '${type}' is not documented (${types.join(', ')})`;
  const schema = promised[type];
  if (!schema || !type.includes('json')) return null;
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return `body is not JSON: ${body.toString('utf8').slice(0, 200)}`;
  }
  const validate = validator(schema);
  if (validate(value)) return null;
  return `body does not match the documented schema: ${ajv.errorsText(validate.errors)}; body: ${JSON.stringify(value).slice(0, 300)}`;
}
