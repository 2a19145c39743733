import net from 'node:net';

/** A port nothing listens on now: `wanted` when it is free, any free one otherwise. */
export function freePort(wanted = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', (error: NodeJS.ErrnoException) =>
      wanted !== 0 && error.code === 'EADDRINUSE' ? resolve(freePort()) : reject(error),
    );
    server.listen(wanted, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Builds an app that really listens, on the port its config names (sandbox URLs need it):
 * `wanted` when it is free. Apps built one after another on one port share the sandbox's
 * manifest and the search index built from it (sharedManifest).
 */
export async function listeningEnv(
  wanted?: number,
): Promise<{ port: number; env: Record<string, string> }> {
  const port = await freePort(wanted);
  return { port, env: { PORT: String(port) } };
}
