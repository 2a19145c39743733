/**
 * The operations of the app's own OpenAPI document, in the shape the fuzzer needs. Only
 * the parts of OpenAPI 3.0 that @fastify/swagger emits are read.
 */

/** A JSON schema as the document holds it (OpenAPI 3.0 subset, `$ref`s inlined). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
}

interface DocParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface DocMedia {
  schema?: JsonSchema;
}

interface DocOperation {
  tags?: string[];
  parameters?: DocParameter[];
  requestBody?: { required?: boolean; content?: Record<string, DocMedia> };
  responses?: Record<string, { content?: Record<string, DocMedia> }>;
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, DocOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** What a status may answer: JSON schema per content type; an empty map for no body. */
export type DocumentedResponse = Record<string, JsonSchema | null>;

export interface Operation {
  /** `POST /backend-service/v1/auth/register`. */
  id: string;
  method: string;
  /** The templated path, e.g. `/backend-service/v1/pagespeed/runs/{runId}`. */
  path: string;
  tag: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** The JSON body's schema; null when the operation documents no body. */
  body: JsonSchema | null;
  /** By status code (or `default`, `4XX`). */
  responses: Record<string, DocumentedResponse>;
  /** The operation says it reads a bearer token. */
  secured: boolean;
  /** It takes an API token too (the `apiToken` scheme). */
  tokens: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Inlines `#/components/schemas/…` references; the zod schemas have no cycles. */
function inline(schema: JsonSchema, doc: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 50) throw new Error('schema nesting too deep to inline');
  if (Array.isArray(schema)) {
    return schema.map((s: JsonSchema) => inline(s, doc, depth + 1)) as unknown as JsonSchema;
  }
  if (schema === null || typeof schema !== 'object') return schema;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return inline(target, doc, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      // `properties` maps names to schemas; `enum` and `default` hold data, not schemas.
      key === 'enum' || key === 'default' || key === 'const'
        ? value
        : key === 'properties'
          ? Object.fromEntries(
              Object.entries(value as Record<string, JsonSchema>).map(([name, s]) => [
                name,
                inline(s, doc, depth + 1),
              ]),
            )
          : typeof value === 'object' && value !== null
            ? inline(value as JsonSchema, doc, depth + 1)
            : value,
    ]),
  ) as JsonSchema;
}

const jsonMedia = (content: Record<string, DocMedia> | undefined): JsonSchema | null => {
  const media = Object.entries(content ?? {}).find(([type]) => type.includes('json'))?.[1];
  return media?.schema ?? null;
};

/** Every operation the document lists, with its schemas ready to generate and validate. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const params = (where: DocParameter['in']) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({
            name: p.name,
            required: Boolean(p.required),
            schema: inline(p.schema ?? {}, doc),
          }));
      const body = jsonMedia(op.requestBody?.content);
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        tag: op.tags?.[0] ?? 'untagged',
        pathParams: params('path'),
        queryParams: params('query'),
        headerParams: params('header'),
        body: body ? inline(body, doc) : null,
        responses: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, response]) => [
            status,
            Object.fromEntries(
              Object.entries(response.content ?? {}).map(([type, media]) => [
                type,
                media.schema ? inline(media.schema, doc) : null,
              ]),
            ),
          ]),
        ),
        secured: (op.security ?? []).length > 0,
        tokens: (op.security ?? []).some((scheme) => 'apiToken' in (scheme as object)),
      });
    }
  }
  return operations;
}
