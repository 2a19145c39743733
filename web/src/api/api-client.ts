import type { z } from 'zod';
import {
  API_BASE,
  endpointAnswer,
  endpointPath,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
} from '@core/endpoints/endpoint';
import { workspaceHeaders } from '../app/workspace/workspace-param';

/** A non-2xx answer of our API, carrying its status and `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
  /** Extra request headers: those a contract names (the MixLab password). */
  headers?: Record<string, string>;
}

/** A query's retry rule: a refusal (4xx) stays one, asking again only delays it; once else. */
export const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 1;

function apiError(status: number, data: unknown): ApiError {
  const message =
    data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
      ? data.message
      : `Request failed with status ${status}`;
  return new ApiError(status, message, data);
}

/** Calls the SpeedRank API and parses the answer with the shared zod schema. */
async function apiRequest<T>(
  path: string,
  schema: z.ZodType<T>,
  { method = 'GET', body, token, signal, headers: extra }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...workspaceHeaders(), ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    credentials: 'same-origin',
    signal: signal ?? null,
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw apiError(response.status, data);
  return schema.parse(data);
}

/**
 * Calls the endpoint `contract` describes (core/endpoints/) with its parameters, query and
 * body, and parses the answer with the contract's schema: the server's route reads the same.
 */
export function callEndpoint<E extends Endpoint>(
  contract: E,
  {
    params,
    query,
    body,
    headers,
    ...options
  }: EndpointInput<E> & Omit<RequestOptions, 'method' | 'body' | 'headers'>,
): Promise<EndpointOutput<E>> {
  return apiRequest(endpointPath(contract, { params, query }), endpointAnswer(contract), {
    ...options,
    method: contract.method,
    body,
    headers: headers as Record<string, string> | undefined,
  }) as Promise<EndpointOutput<E>>;
}

/** The API's answer to a GET when it is 2xx; otherwise the ApiError `apiRequest` throws. */
async function okResponse(path: string, token: string | null): Promise<Response> {
  const response = await fetch(`${API_BASE}${path}`, {
    headers: { ...workspaceHeaders(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    credentials: 'same-origin',
  });
  if (response.ok) return response;
  const text = await response.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // Not JSON: the status says enough.
  }
  throw apiError(response.status, data);
}

/** Calls the SpeedRank API for a text answer (a CSV export), failing as `apiRequest` does. */
export async function apiText(path: string, token: string | null): Promise<string> {
  return (await okResponse(path, token)).text();
}

/** A file answer (a zip export): its bytes, and the name its Content-Disposition gives. */
export async function apiFile(
  path: string,
  token: string | null,
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await okResponse(path, token);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}
