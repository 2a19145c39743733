import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RecordedReply {
  status?: number;
  /** A fixture file path, or a value sent as JSON. */
  fixture?: string;
  json?: unknown;
  /** A raw body sent as plain text, as some servers answer their failures. */
  text?: string;
  /** Extra response headers, e.g. a vendor's retry hints. */
  headers?: Record<string, string>;
  delayMs?: number;
}

/**
 * A loopback HTTP server that answers with recorded provider responses and remembers
 * what it was asked, for adapter contract tests.
 */
export async function startRecordedServer(reply: (req: RecordedRequest) => RecordedReply) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body,
      };
      requests.push(recorded);
      const answer = reply(recorded);
      const send = () => {
        const payload =
          answer.text ??
          (answer.fixture
            ? fs.readFileSync(answer.fixture, 'utf8')
            : JSON.stringify(answer.json ?? {}));
        const type = answer.text === undefined ? 'application/json' : 'text/plain';
        res.writeHead(answer.status ?? 200, { 'content-type': type, ...answer.headers });
        res.end(payload);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
