import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@core/schemas/common';
import { WORKSPACE_HEADER } from '@core/workspaces/header';
import { policyOfRoute } from '@core/workspaces/policy';

/**
 * OpenAPI 3.0 lets `nullable` add null to a schema's type but not to its `enum`: a nullable
 * enum must list null itself (the 3.0.3 clarification), or clients reject the nulls sent.
 */
function listNullInEnums(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(listNullInEnums);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const schema = value as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum.push(null);
  }
  Object.values(schema).forEach(listNullInEnums);
}

/**
 * Each route's zod schemas as JSON Schema, plus what every route may answer beyond its own
 * list: a malformed body's 400, a 413, a 415 or a bad URL, all in the API's one error shape.
 */
const transform: SwaggerTransform = (input) => {
  const schema = input.schema && {
    ...input.schema,
    response: { default: errorResponseSchema, ...(input.schema.response as object) },
  };
  const document = jsonSchemaTransform({ ...input, schema } as Parameters<
    typeof jsonSchemaTransform
  >[0]);
  listNullInEnums(document.schema);
  const method = [input.route.method].flat()[0];
  const policy = method && policyOfRoute(method, input.url);
  if (policy?.from === 'header')
    addWorkspaceHeader(document.schema as Record<string, unknown>, policy.role);
  if (policy?.scope) addTokenSecurity(document.schema as Record<string, unknown>, policy.scope);
  return document;
};

/** Lets a call be made with an API token as well as a session, and names the scope it needs. */
function addTokenSecurity(schema: Record<string, unknown>, scope: string): void {
  // A route without security welcomes visitors too (`{}`), and signed-in people.
  const security = (schema.security ?? [{}, { bearer: [] }]) as object[];
  schema.security = [...security, { apiToken: [] }];
  const note = `An API token needs the \`${scope}\` scope.`;
  schema.description = schema.description ? `${String(schema.description)}\n\n${note}` : note;
}

/** Documents the header that names the workspace a call acts in, and the role it needs. */
function addWorkspaceHeader(schema: Record<string, unknown>, role: string): void {
  const headers = (schema.headers ?? { type: 'object', properties: {} }) as {
    properties: Record<string, unknown>;
  };
  headers.properties[WORKSPACE_HEADER] = {
    type: 'string',
    format: 'uuid',
    description: `The workspace the call acts in (needs the ${role} role or above); without it, the caller's personal workspace.`,
  };
  schema.headers = headers;
}

/** OpenAPI description built from the routes' zod schemas, served at `{prefix}/docs`. */
export async function registerOpenApi(app: FastifyInstance, prefix: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'SpeedRank API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A session token from signing in.',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'srk_…',
            description:
              'An API token (POST /tokens) for one workspace, with scopes: read, run, write. Calls that list no apiToken security refuse it.',
          },
        },
      },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: `${prefix}/docs` });
}
