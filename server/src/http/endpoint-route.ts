import type { z } from 'zod';
import type { Endpoint } from '@core/endpoints/endpoint';

type Part<E, K extends string> = E extends { readonly [P in K]: infer S } ? S : undefined;

/** What a route adds to its contract for the OpenAPI document and its refusals. */
interface RouteDocs<Errors> {
  tags?: readonly string[];
  summary?: string;
  description?: string;
  security?: readonly Record<string, readonly string[]>[];
  /** The refusals it may answer, by status (errorResponseSchema, or a narrower one). */
  errors?: Errors;
}

/**
 * The method, URL and schema of the route that serves `contract`, for `api.route({
 * ...endpointRoute(contract, docs), handler })`: the contract's schemas validate the request
 * and answer, and type the handler, as the web client's call is typed by the same ones.
 */
export function endpointRoute<
  const E extends Endpoint,
  const Errors extends Partial<Record<number, z.ZodType>> = Record<never, never>,
>(contract: E, { errors, ...docs }: RouteDocs<Errors> = {}) {
  const { media } = contract;
  const success = media
    ? { description: media.description, content: { [media.type]: { schema: contract.response } } }
    : contract.response;
  const schema = {
    ...docs,
    ...(contract.params && { params: contract.params }),
    ...(contract.query && { querystring: contract.query }),
    ...(contract.body && { body: contract.body }),
    response: { [contract.status]: success, ...contract.also, ...errors },
    ...(contract.headers && { headers: contract.headers }),
  };
  return {
    method: contract.method,
    url: contract.path,
    schema: schema as Omit<RouteDocs<Errors>, 'errors'> & {
      params: Part<E, 'params'>;
      querystring: Part<E, 'query'>;
      body: Part<E, 'body'>;
      headers: Part<E, 'headers'>;
      response: {
        [S in E['status']]: E extends { media: object }
          ? { description: string; content: Record<string, { schema: E['response'] }> }
          : E['response'];
      } & (E extends { also: infer A } ? A : unknown) &
        Errors;
    },
  };
}
