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
  return addresses[0]!;
}

function requestOnce(url: URL, address: string, options: SafeFetchOptions, signal: AbortSignal) {
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
        method: 'GET',
        lookup,
        signal,
        headers: {
          'user-agent': options.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
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
    req.end();
  });
}

/** Checks a user-given URL before anything loads it: scheme, credentials, and address. */
export async function vetUrl(input: string, options: SafeFetchOptions): Promise<URL> {
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
  await vetHost(url, options);
  return url;
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
      if (signal.aborted) {
        throw new FetchRefused(
          'timeout',
          `No answer within ${Math.round(options.timeoutMs / 1000)} s.`,
          redirects,
        );
      }
      const detail = error instanceof Error ? error.message : String(error);
      throw new FetchRefused('network', `The page could not be fetched (${detail}).`, redirects);
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
