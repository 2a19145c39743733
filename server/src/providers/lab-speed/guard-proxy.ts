import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { FetchRefused, vetHost, type SafeFetchOptions } from '../../http/safe-fetch';

/**
 * The only way out for the speed pool's Chromium: a forward proxy that applies the SSRF
 * guard to every request the page makes (documents, subresources, redirects), so a page
 * cannot make the browser reach private addresses. The sandbox hosts on the app's port
 * pass, as everywhere else.
 */
export class GuardProxy {
  private server: http.Server | null = null;
  /** One listen for every caller, even callers that arrive while it is under way. */
  private started: Promise<string> | null = null;

  constructor(private readonly options: SafeFetchOptions) {}

  start(): Promise<string> {
    this.started ??= this.listen();
    return this.started;
  }

  private async listen(): Promise<string> {
    const server = http.createServer((req, res) => void this.forward(req, res));
    server.on(
      'connect',
      (req: http.IncomingMessage, socket: net.Socket, head: Buffer) =>
        void this.tunnel(req, socket, head),
    );
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let target: URL;
    let address: string;
    try {
      target = new URL(req.url ?? '');
      address = await vetHost(target, this.options);
    } catch (error) {
      res
        .writeHead(403, { 'content-type': 'text/plain' })
        .end(error instanceof FetchRefused ? error.message : 'Refused.');
      return;
    }
    const upstream = http.request(
      {
        host: address,
        port: target.port || 80,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }

  private async tunnel(req: http.IncomingMessage, socket: net.Socket, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    let address: string;
    let port: number;
    try {
      const target = new URL(`https://${req.url ?? ''}`);
      port = Number(target.port || 443);
      address = await vetHost(target, this.options);
    } catch {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect(port, address, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.started = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
