/**
 * The one outbound HTTP helper for configured third-party APIs (fixed vendor hosts, so
 * no SSRF check here; user-given URLs go through the page fetcher instead).
 */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

export class HttpTimeoutError extends Error {}

export interface FetchJsonOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

/** Fetches JSON; non-2xx answers throw HttpError carrying the parsed body. */
export async function fetchJson(url: string, options: FetchJsonOptions): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new HttpTimeoutError(`No answer within ${options.timeoutMs} ms`);
    }
    throw error;
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Some failures come back as HTML or plain text; keep the text.
  }
  if (!response.ok) throw new HttpError(response.status, body, `HTTP ${response.status}`);
  return body;
}
