import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { guardOptions } from '../../../test/guard-options';
import { GuardProxy } from './guard-proxy';

/**
 * Chromium's only way out, with FETCH_ALLOW_HOSTS set: plain requests and HTTPS tunnels to
 * an allowed private host pass, its neighbours stay refused. 127.0.0.2 stands in for it.
 */
describe('the guard proxy with FETCH_ALLOW_HOSTS', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  async function listen(server: net.Server, host: string): Promise<number> {
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return (server.address() as AddressInfo).port;
  }

  async function startProxy(allow: string): Promise<number> {
    const proxy = new GuardProxy(guardOptions(allow));
    closers.push(() => proxy.close());
    return Number((await proxy.start()).split(':')[1]);
  }

  const get = (proxyPort: number, target: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .request(
          {
            host: '127.0.0.1',
            port: proxyPort,
            path: target,
            headers: { host: new URL(target).host },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
        .on('error', reject)
        .end();
    });

  const tunnel = (proxyPort: number, target: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: target })
        .on('connect', (res: http.IncomingMessage, socket: net.Socket) => {
          socket.destroy();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject)
        .end();
    });

  it('forwards requests to the allowed host only', async () => {
    const port = await listen(
      http.createServer((_req, res) => res.end('staging')),
      '127.0.0.2',
    );
    const proxy = await startProxy('127.0.0.2');
    expect(await get(proxy, `http://127.0.0.2:${port}/`)).toBe(200);
    expect(await get(proxy, `http://127.0.0.3:${port}/`)).toBe(403);
    expect(await get(proxy, `http://127.0.0.1:${port}/`)).toBe(403);
    expect(await get(proxy, 'http://169.254.169.254/latest/meta-data/')).toBe(403);
  });

  it('tunnels to the allowed host and port only', async () => {
    const port = await listen(
      net.createServer((socket) => socket.end()),
      '127.0.0.2',
    );
    const proxy = await startProxy(`127.0.0.2:${port}`);
    expect(await tunnel(proxy, `127.0.0.2:${port}`)).toBe(200);
    expect(await tunnel(proxy, `127.0.0.2:${port + 1}`)).toBe(403);
    expect(await tunnel(proxy, `127.0.0.3:${port}`)).toBe(403);
  });
});
