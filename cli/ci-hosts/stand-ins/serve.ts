import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a stand-in received, as it came. */
export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; null without one. */
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LoopbackServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  origin: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

function send(response: ServerResponse, { status, body, headers = {} }: Answer) {
  response.writeHead(status, {
    ...(body !== undefined && { 'Content-Type': 'application/json; charset=utf-8' }),
    ...headers,
  });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

/**
 * A server on a free loopback port that records every call, then answers it with
 * `answer`; a body that is not JSON gets `badJson`.
 */
export async function serveOnLoopback(
  answer: (call: RecordedCall, origin: string) => Answer,
  badJson: Answer,
): Promise<LoopbackServer> {
  const calls: RecordedCall[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const call: RecordedCall = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: null,
    };
    calls.push(call);
    bodyOf(request).then(
      (body) => {
        call.body = body;
        send(response, answer(call, origin));
      },
      () => send(response, badJson),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    calls,
    // Once closed, closing again is a no-op (a test may close it early to go unreachable).
    close: () =>
      new Promise((resolve, reject) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A page of `items` and the page numbers around it, 1-based, as both hosts count. */
export function pageOf<T>(items: readonly T[], page: number, perPage: number) {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  return {
    items: items.slice((page - 1) * perPage, page * perPage),
    pages,
    next: page < pages ? page + 1 : null,
    prev: page > 1 ? page - 1 : null,
  };
}

/** A positive whole number from a query value, else the fallback. */
export const countOf = (value: string | undefined, fallback: number) =>
  value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : fallback;

/** `text` matched as itself inside a RegExp. */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
