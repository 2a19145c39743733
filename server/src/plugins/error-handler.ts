import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../domain/errors';
import { URL_REFUSALS, type UrlRefusal } from '../domain/url-refusals';
import { FetchRefused } from '../http/safe-fetch';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route words a URL the SSRF guard refused, should a FetchRefused reach here. */
    urlRefusal?: UrlRefusal;
  }
}

/**
 * The domain's refusal of `error`, if it is one: a DomainError as thrown, or a FetchRefused
 * in the wording of the route's `urlRefusal`.
 */
export function domainErrorOf(
  error: unknown,
  urlRefusal: UrlRefusal | undefined,
): DomainError | null {
  if (error instanceof DomainError) return error;
  if (error instanceof FetchRefused && urlRefusal) return URL_REFUSALS[urlRefusal](error);
  return null;
}

/**
 * One error shape for the whole API: `{ message }`, with a `code` and other fields where
 * the domain gives them. Validation failures become a 400 whose message names the field
 * and what is wrong with it.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = domainErrorOf(error, request.routeOptions.config?.urlRefusal);
    if (refusal) return reply.status(refusal.status).headers(refusal.headers).send(refusal.body());
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const where = field || error.validationContext || 'body';
        return `${where}: ${v.message}`;
      });
      return reply.status(400).send({ message: `Invalid request. ${issues.join('; ')}` });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ message: 'Send the body as JSON (Content-Type: application/json).' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Something went wrong on our side.' });
    }
    return reply.status(status).send({ message: error.message });
  });
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: check its percent-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
};

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read (bad percent-encoding, a path
 * segment over the length limit) gets the same `{ message }` shape as every other error.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  return reply.status(error.statusCode ?? 500).send({
    message: FRAMEWORK_MESSAGES[error.code] ?? 'Something went wrong on our side.',
  });
}
