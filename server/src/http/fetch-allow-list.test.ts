import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { guardOptions } from '../../test/guard-options';
import { parseFetchAllowList } from './fetch-allow-list';
import { FetchRefused, safeFetch, safePost, vetUrl } from './safe-fetch';

describe('parseFetchAllowList', () => {
  const admits = (list: string, url: string, address: string) =>
    parseFetchAllowList(list).admits(new URL(url), address);

  it('matches names by host and port, addresses by address and port, ranges on any port', () => {
    expect(admits('Staging.Internal', 'http://staging.internal/', '10.0.0.7')).toBe(true);
    expect(admits('staging.internal:8443', 'https://staging.internal:8443/', '10.0.0.7')).toBe(
      true,
    );
    expect(admits('staging.internal:8443', 'https://staging.internal/', '10.0.0.7')).toBe(false);
    expect(admits('staging.internal:443', 'https://staging.internal/', '10.0.0.7')).toBe(true);
    expect(admits('staging.internal', 'http://other.internal/', '10.0.0.7')).toBe(false);
    expect(admits('10.0.0.7:8080', 'http://staging.internal:8080/', '10.0.0.7')).toBe(true);
    expect(admits('10.0.0.7:8080', 'http://staging.internal:8081/', '10.0.0.7')).toBe(false);
    expect(admits('10.0.0.7', 'http://10.0.0.8/', '10.0.0.8')).toBe(false);
    expect(admits('10.0.0.0/24', 'http://x.internal:9/', '10.0.0.255')).toBe(true);
    expect(admits('10.0.0.0/24', 'http://x.internal/', '10.0.1.0')).toBe(false);
    expect(admits('10.0.0.0/24', 'http://x.internal/', '::ffff:10.0.0.3')).toBe(true);
    expect(admits('fd00::/8', 'http://x.internal/', 'fd12::1')).toBe(true);
    expect(admits('fd00::5', 'http://[fd00::5]/', 'fd00::5')).toBe(true);
    expect(admits('[fd00::5]:8080', 'http://[fd00::5]:8080/', 'fd00::5')).toBe(true);
    expect(admits('[fd00::5]:8080', 'http://[fd00::5]/', 'fd00::5')).toBe(false);
    expect(parseFetchAllowList(' , ').isEmpty).toBe(true);
    expect(admits('', 'http://x.internal/', '10.0.0.1')).toBe(false);
  });

  it.each([
    ['staging internal', /"staging internal" is not a host, host:port or CIDR range/],
    ['staging.internal:0', /is not a host/],
    ['staging.internal:70000', /is not a host/],
    ['user@staging.internal', /is not a host/],
    ['10.0.0.0/33', /"10.0.0.0\/33" is not a host, host:port or CIDR range/],
    ['staging.internal/24', /is not a host/],
    ['10.0.0.0/8/9', /is not a host/],
    ['http://staging.internal', /is not a host/],
    ['0.0.0.0/0', /would allow every address/],
    ['::/0', /would allow every address/],
  ])('refuses %s', (entry, message) => {
    expect(() => parseFetchAllowList(`10.0.0.5, ${entry}`)).toThrow(message);
  });
});

/** The guard blocks all of 127.0.0.0/8, so 127.0.0.2 stands in for a staging host. */
describe('safeFetch with FETCH_ALLOW_HOSTS', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
    );
  });

  async function listen(host: string, handler: http.RequestListener): Promise<number> {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return (server.address() as AddressInfo).port;
  }

  // As the system resolver: an IP address is itself; the test names are staging hosts.
  const options = (allow: string) =>
    guardOptions(allow, async (hostname) =>
      net.isIP(hostname) ? [hostname] : [hostname === 'staging.test' ? '127.0.0.2' : '127.0.0.3'],
    );
  const refusal = (url: string, allow: string) =>
    safeFetch(url, options(allow)).then(
      () => null,
      (error: unknown) => error as FetchRefused,
    );

  it('fetches an allowed entry and still refuses its neighbours', async () => {
    const port = await listen('127.0.0.2', (_req, res) => res.end('staging'));
    const other = await listen('127.0.0.2', (_req, res) => res.end('other port'));
    for (const allow of [
      '127.0.0.2',
      `127.0.0.2:${port}`,
      '127.0.0.2/32',
      `staging.test:${port}`,
    ]) {
      const url = allow.startsWith('staging')
        ? `http://staging.test:${port}/`
        : `http://127.0.0.2:${port}/`;
      expect((await safeFetch(url, options(allow))).body, allow).toBe('staging');
    }
    expect((await refusal(`http://127.0.0.3:${port}/`, '127.0.0.2'))?.reason).toBe(
      'blocked_address',
    );
    expect((await refusal(`http://127.0.0.1:${port}/`, '127.0.0.2/32'))?.reason).toBe(
      'blocked_address',
    );
    expect((await refusal(`http://127.0.0.2:${other}/`, `127.0.0.2:${port}`))?.reason).toBe(
      'blocked_address',
    );
    expect((await refusal(`http://elsewhere.test:${port}/`, `staging.test:${port}`))?.reason).toBe(
      'blocked_address',
    );
    expect((await refusal('http://169.254.169.254/', '127.0.0.2'))?.reason).toBe('blocked_address');
  });

  it("is what the app's page fetcher and speed-run check apply, from FETCH_ALLOW_HOSTS", async () => {
    const port = await listen('127.0.0.2', (_req, res) => res.end('staging'));
    const t = await buildTestApp({ env: { FETCH_ALLOW_HOSTS: `127.0.0.2:${port}` } });
    try {
      const guard = t.app.services.pageFetch;
      expect((await safeFetch(`http://127.0.0.2:${port}/`, guard)).body).toBe('staging');
      const neighbour = await safeFetch(`http://127.0.0.3:${port}/`, guard).then(
        () => null,
        (e: unknown) => e as FetchRefused,
      );
      expect(neighbour?.reason).toBe('blocked_address');
      // The check a speed run's URL passes before any browser starts.
      expect((await vetUrl(`http://127.0.0.2:${port}/`, guard)).port).toBe(String(port));
      await expect(vetUrl(`http://127.0.0.3:${port}/`, guard)).rejects.toThrow(/private or local/);
    } finally {
      await t.close();
    }
  });

  it('refuses a redirect from an allowed host to a blocked one', async () => {
    const blocked = await listen('127.0.0.1', (_req, res) => res.end('secret'));
    const port = await listen('127.0.0.2', (req, res) => {
      if (req.url === '/inside') res.writeHead(302, { location: '/page' }).end();
      else if (req.url === '/page') res.end('staging');
      else res.writeHead(302, { location: `http://127.0.0.1:${blocked}/` }).end();
    });
    const inside = await safeFetch(`http://127.0.0.2:${port}/inside`, options('127.0.0.2'));
    expect(inside.body).toBe('staging');
    const escape = await refusal(`http://127.0.0.2:${port}/escape`, '127.0.0.2');
    expect(escape).toBeInstanceOf(FetchRefused);
    expect(escape?.reason).toBe('blocked_address');
    expect(escape?.redirects).toEqual([
      {
        status: 302,
        url: `http://127.0.0.2:${port}/escape`,
        redirectUrl: `http://127.0.0.1:${blocked}/`,
      },
    ]);
  });
});

/** Webhooks' POST: the same guard, plus https only where the allow list does not reach. */
describe('safePost', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    // The slow endpoint never answers: its connection is cut, not waited for.
    const open = servers.splice(0);
    for (const s of open) s.closeAllConnections();
    await Promise.all(open.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });

  async function listen(handler: http.RequestListener): Promise<number> {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }
  const post = { body: '{"a":1}', headers: { 'content-type': 'application/json' } };
  const options = (allow: string) => ({
    ...guardOptions(allow, async (hostname: string) =>
      net.isIP(hostname) ? [hostname] : ['93.184.215.14'],
    ),
    httpsOnly: true,
    timeoutMs: 300,
  });

  it('sends the body once, answers a redirect as it came, and times out', async () => {
    const bodies: string[] = [];
    const port = await listen((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push(`${req.method} ${req.headers['content-type']} ${body}`);
        if (req.url === '/moved') res.writeHead(302, { location: '/elsewhere' }).end();
        else if (req.url !== '/slow') res.end('ok');
      });
    });
    const allow = `127.0.0.1:${port}`;
    expect(await safePost(`http://127.0.0.1:${port}/`, post, options(allow))).toEqual({
      status: 200,
      body: 'ok',
    });
    expect((await safePost(`http://127.0.0.1:${port}/moved`, post, options(allow))).status).toBe(
      302,
    );
    expect(bodies).toEqual(Array(2).fill('POST application/json {"a":1}'));
    const slow = await safePost(`http://127.0.0.1:${port}/slow`, post, options(allow)).catch(
      (e: unknown) => e as FetchRefused,
    );
    expect(slow).toMatchObject({ reason: 'timeout' });
  });

  it('refuses plain http to a public host, and private targets not allowed', async () => {
    const refusal = (url: string) =>
      safePost(url, post, options('')).then(
        () => null,
        (e: unknown) => e as FetchRefused,
      );
    expect(await refusal('http://public.example/hook')).toMatchObject({
      reason: 'bad_url',
      message: 'Only https URLs can be used here.',
    });
    expect((await refusal('https://10.0.0.1/hook'))?.reason).toBe('blocked_address');
    await expect(vetUrl('https://public.example/hook', options(''))).resolves.toBeInstanceOf(URL);
  });
});
