import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isBlockedAddress } from './address-guard';
import { FetchRefused, safeFetch, type SafeFetchOptions } from './safe-fetch';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.9',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not-an-ip',
  ])('blocks %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => expect(isBlockedAddress(address)).toBe(false),
  );
});

describe('safeFetch', () => {
  let server: http.Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  async function listen(handler: http.RequestListener): Promise<number> {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  const options = (appPort: number, resolve?: SafeFetchOptions['resolve']): SafeFetchOptions => ({
    sandbox: { enabled: true, appPort },
    timeoutMs: 2000,
    maxBytes: 64,
    maxRedirects: 3,
    userAgent: 'test',
    ...(resolve ? { resolve } : {}),
  });

  it('refuses loopback and private targets after DNS resolution', async () => {
    const port = await listen((_req, res) => res.end('secret'));
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const error = await safeFetch(url, options(1)).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(FetchRefused);
      expect((error as FetchRefused).reason, url).toBe('blocked_address');
    }
    const rebinding = await safeFetch(
      'http://public.example/',
      options(1, async () => ['93.184.216.34', '10.0.0.5']),
    ).catch((e: unknown) => e);
    expect((rebinding as FetchRefused).reason).toBe('blocked_address');
  });

  it('refuses other schemes and credentials', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'http://user:pw@example.com/',
      'nonsense',
    ]) {
      const error = await safeFetch(url, options(1)).catch((e: unknown) => e);
      expect((error as FetchRefused).reason, url).toBe('bad_url');
    }
  });

  it('allows sandbox hosts only on the app port, and follows redirects with the same check', async () => {
    const port = await listen((req, res) => {
      if (req.url === '/hop') {
        res.writeHead(301, { location: '/final' }).end();
      } else if (req.url === '/escape') {
        res.writeHead(302, { location: 'http://127.0.0.1:9/' }).end();
      } else {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<p>'.padEnd(200, 'x'));
      }
    });
    const page = await safeFetch(`http://scoops.sandbox.localhost:${port}/hop`, options(port));
    expect(page.status).toBe(200);
    expect(page.redirects).toEqual([
      {
        status: 301,
        url: `http://scoops.sandbox.localhost:${port}/hop`,
        redirectUrl: `http://scoops.sandbox.localhost:${port}/final`,
      },
    ]);
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(64);

    const escape = await safeFetch(
      `http://scoops.sandbox.localhost:${port}/escape`,
      options(port),
    ).catch((e: unknown) => e);
    expect((escape as FetchRefused).reason).toBe('blocked_address');
    expect((escape as FetchRefused).redirects).toHaveLength(1);

    const otherPort = await safeFetch(
      `http://scoops.sandbox.localhost:${port + 1}/`,
      options(port),
    ).catch((e: unknown) => e);
    expect((otherPort as FetchRefused).reason).toBe('dns');
    const off = await safeFetch(`http://scoops.sandbox.localhost:${port}/`, {
      ...options(port),
      sandbox: { enabled: false, appPort: port },
    }).catch((e: unknown) => e);
    expect(off).toBeInstanceOf(FetchRefused);
  });

  it('stops redirect loops and slow pages', async () => {
    const port = await listen((req, res) => {
      if (req.url === '/slow') setTimeout(() => res.end('late'), 3000);
      else res.writeHead(302, { location: '/loop' }).end();
    });
    const loop = await safeFetch(`http://a.sandbox.localhost:${port}/loop`, options(port)).catch(
      (e: unknown) => e,
    );
    expect((loop as FetchRefused).reason).toBe('too_many_redirects');
    const slow = await safeFetch(`http://a.sandbox.localhost:${port}/slow`, {
      ...options(port),
      timeoutMs: 300,
    }).catch((e: unknown) => e);
    expect((slow as FetchRefused).reason).toBe('timeout');
    server?.closeAllConnections();
  });
});
