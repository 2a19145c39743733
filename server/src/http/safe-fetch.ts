import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isSandboxUrl, resolveSandboxAddress } from '@sandbox';
import { isBlockedAddress } from './address-guard';
import { decodeBody } from './decode-body';
import type { FetchAllowList } from './fetch-allow-list';

export interface SafeFetchOptions {
  /** The sandbox web is the one local target allowed, and only while it is on. */
  sandbox: { enabled: boolean; appPort: number };
  /** Private targets the operator allows (FETCH_ALLOW_HOSTS); none when absent. */
  allow?: FetchAllowList;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
  /** Resolver, replaceable in tests. */
  resolve?: (hostname: string) => Promise<string[]>;
  /**
   * Plain http only to targets the allow list admits (webhooks: their payloads and
   * signatures should not cross the internet in clear).
   */
  httpsOnly?: boolean;
}

export interface RedirectHop {
  status: number;
  url: string;
  redirectUrl: string;
}

export interface FetchedPage {
  finalUrl: string;
  status: number;
  contentType: string;
  body: string;
  redirects: RedirectHop[];
  /** True when the body was cut at maxBytes. */
  truncated: boolean;
}

export type RefusalReason =
  'bad_url' | 'blocked_address' | 'dns' | 'timeout' | 'too_many_redirects' | 'network';

/** A fetch the guard refused or that failed; `message` is fit for users. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    readonly redirects: RedirectHop[] = [],
  ) {
    super(message);
  }
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

async function systemResolve(hostname: string): Promise<string[]> {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => a.address);
}

/** Resolves once, checks every address, and pins the connection to a checked one. */
export async function vetHost(url: URL, options: SafeFetchOptions): Promise<string> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (options.sandbox.enabled && isSandboxUrl(url, options.sandbox.appPort)) {
    return resolveSandboxAddress(hostname) ?? '127.0.0.1';
  }
  let addresses: string[];
  try {
    addresses = (await (options.resolve ?? systemResolve)(hostname)) ?? [];
  } catch {
    throw new FetchRefused('dns', `The host ${hostname} could not be found.`);
  }
  if (addresses.length === 0)
    throw new FetchRefused('dns', `The host ${hostname} could not be found.`);
  if (addresses.some((a) => isBlockedAddress(a) && !options.allow?.admits(url, a))) {
    throw new FetchRefused(
      'blocked_address',
      `${hostname} points to a private or local address, which SpeedRank does not fetch.`,
    );
  }
  if (
    options.httpsOnly &&
    url.protocol === 'http:' &&
    !addresses.every((a) => options.allow?.admits(url, a))
  ) {
    throw new FetchRefused('bad_url', 'Only https URLs can be used here.');
  }
  return addresses[0]!;
}

/** What a POST sends; a GET sends no body. */
export interface PostRequest {
  body: string;
  headers: Record<string, string>;
}

function requestOnce(
  url: URL,
  address: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
  post?: PostRequest,
) {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    body: Buffer;
    truncated: boolean;
  }>((resolve, reject) => {
    const lookup: LookupFunction = (_host, opts, callback) => {
      const family = address.includes(':') ? 6 : 4;
      if (opts && typeof opts === 'object' && 'all' in opts && opts.all) {
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address, family },
        ]);
      } else {
        callback(null, address, family);
      }
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: post ? 'POST' : 'GET',
        lookup,
        signal,
        headers: {
          'user-agent': options.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          ...post?.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (chunk: Buffer) => {
          if (truncated) return;
          size += chunk.length;
          if (size > options.maxBytes) {
            truncated = true;
            chunks.push(chunk.subarray(0, chunk.length - (size - options.maxBytes)));
            res.destroy();
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              truncated,
            });
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            truncated,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(post?.body);
  });
}

/** vetUrl, and the checked address the connection is to be pinned to. */
async function vetTarget(
  input: string,
  options: SafeFetchOptions,
): Promise<{ url: URL; address: string }> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchRefused('bad_url', 'That is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused('bad_url', 'Only http and https URLs can be tested.');
  }
  if (url.username || url.password)
    throw new FetchRefused('bad_url', 'URLs with credentials are not tested.');
  return { url, address: await vetHost(url, options) };
}

/** Checks a user-given URL before anything loads it: scheme, credentials, and address. */
export async function vetUrl(input: string, options: SafeFetchOptions): Promise<URL> {
  return (await vetTarget(input, options)).url;
}

/** Wraps a failed request in the FetchRefused it stands for. */
function requestFailure(
  error: unknown,
  signal: AbortSignal,
  options: SafeFetchOptions,
  what: string,
  redirects: RedirectHop[] = [],
): FetchRefused {
  if (signal.aborted) {
    return new FetchRefused(
      'timeout',
      `No answer within ${Math.round(options.timeoutMs / 1000)} s.`,
      redirects,
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new FetchRefused('network', `${what} (${detail}).`, redirects);
}

/**
 * POSTs to a user-given URL once, behind the same checks as safeFetch. A redirect is not
 * followed but answered as it came: a webhook that moved must be edited, not chased.
 */
export async function safePost(
  input: string,
  post: PostRequest,
  options: SafeFetchOptions,
): Promise<{ status: number; body: string }> {
  const { url, address } = await vetTarget(input, options);
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const res = await requestOnce(url, address, options, signal, post);
    return { status: res.status, body: res.body.toString('utf8') };
  } catch (error) {
    throw requestFailure(error, signal, options, 'The URL could not be reached');
  }
}

/**
 * Fetches a user-given URL: http(s) only, every hop's address checked after DNS
 * resolution, redirects followed by hand with the same check, size and time capped.
 */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<FetchedPage> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchRefused('bad_url', 'That is not a valid URL.');
  }
  const signal = AbortSignal.timeout(options.timeoutMs);
  const redirects: RedirectHop[] = [];
  for (;;) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FetchRefused('bad_url', 'Only http and https URLs can be fetched.', redirects);
    }
    if (url.username || url.password) {
      throw new FetchRefused('bad_url', 'URLs with credentials are not fetched.', redirects);
    }
    const address = await vetHost(url, options).catch((e: unknown) => {
      if (e instanceof FetchRefused) throw new FetchRefused(e.reason, e.message, redirects);
      throw e;
    });
    let res;
    try {
      res = await requestOnce(url, address, options, signal);
    } catch (error) {
      throw requestFailure(error, signal, options, 'The page could not be fetched', redirects);
    }
    const location = res.headers.location;
    if (REDIRECT.has(res.status) && location) {
      const next = new URL(location, url);
      redirects.push({ status: res.status, url: url.toString(), redirectUrl: next.toString() });
      if (redirects.length > options.maxRedirects) {
        throw new FetchRefused(
          'too_many_redirects',
          `More than ${options.maxRedirects} redirects.`,
          redirects,
        );
      }
      url = next;
      continue;
    }
    return {
      finalUrl: url.toString(),
      status: res.status,
      contentType: String(res.headers['content-type'] ?? ''),
      body: decodeBody(res.body, String(res.headers['content-type'] ?? '')),
      redirects,
      truncated: res.truncated,
    };
  }
}
