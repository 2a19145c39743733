import type { z } from 'zod';

export const API_BASE = '/backend-service/v1';

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
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the MixLab password. */
  headers?: Record<string, string>;
}

/** Calls the SpeedRank API and parses the answer with the shared zod schema. */
export async function apiRequest<T>(
  path: string,
  schema: z.ZodType<T>,
  { method = 'GET', body, token, signal, headers: extra }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...extra };
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
  if (!response.ok) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `Request failed with status ${response.status}`;
    throw new ApiError(response.status, message, data);
  }
  return schema.parse(data);
}
