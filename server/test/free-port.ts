import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Builds an app that really listens, on the port its config names (sandbox URLs need it). */
export async function listeningEnv(): Promise<{ port: number; env: Record<string, string> }> {
  const port = await freePort();
  return { port, env: { PORT: String(port) } };
}
