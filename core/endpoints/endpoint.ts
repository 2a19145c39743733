import type { z } from 'zod';

/** Where the API is served: every endpoint's path is under it. */
export const API_BASE = '/backend-service/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * One call of the API as the server and the web client both know it: its method, its path
 * under the API's base (`:name` marks a path parameter), what it takes and what it answers
 * when it succeeds. Refusals answer `{ message }` (schemas/common.ts); the server's route
 * lists which.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the call sends beside the bearer token (a shared password). */
  readonly headers?: z.ZodType;
  readonly status: SuccessStatus;
  readonly response: z.ZodType;
  /** Other answers a success may be (a legacy account's 202 at registration). */
  readonly also?: { readonly [S in SuccessStatus]?: z.ZodType };
  /** An answer that is not JSON (CSV, events, a zip): its media type and what it holds. */
  readonly media?: { readonly type: string; readonly description: string };
}

/** An endpoint, its schemas' types kept for the route's handler and the client's call. */
export const endpoint = <const E extends Endpoint>(contract: E): E => contract;

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a call of `E` sends: the parts its contract has, typed as the server reads them. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query: Input<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: never }) &
  (E['headers'] extends z.ZodType
    ? { headers: Input<E['headers']> }
    : // Undocumented hints the server may read (the browser's time zone at sign-up).
      { headers?: Record<string, string> });

type Also<E> = E extends { readonly also: infer A } ? A[keyof A] : never;

/** What `E` answers when it succeeds, whichever success it is. */
export type EndpointOutput<E extends Endpoint> =
  z.output<E['response']> | (Also<E> extends z.ZodType ? z.output<Also<E>> : never);

/** The schema a successful answer of `contract` matches: its answer, or any of `also`. */
export function endpointAnswer(contract: Endpoint): z.ZodType {
  // `or`, not z.union: the web shell imports this, and zod's constructors would come with it.
  return Object.values(contract.also ?? {}).reduce<z.ZodType>(
    (answer, other) => answer.or(other),
    contract.response,
  );
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * The path of a call, parameters filled in and the query appended: a query value left
 * undefined or null is not sent, a list is sent as one value per item.
 */
export function endpointPath(
  contract: Pick<Endpoint, 'path'>,
  { params, query }: { params?: unknown; query?: unknown } = {},
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = contract.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${contract.path} needs its parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
