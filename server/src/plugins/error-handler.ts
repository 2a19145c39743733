import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * One error shape for the whole API: `{ message }`. Validation failures become a 400
 * whose message names the field and what is wrong with it.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const where = field || error.validationContext || 'body';
        return `${where}: ${v.message}`;
      });
      return reply.status(400).send({ message: `Invalid request. ${issues.join('; ')}` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Something went wrong on our side.' });
    }
    return reply.status(status).send({ message: error.message });
  });
}
