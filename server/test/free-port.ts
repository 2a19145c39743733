import net from 'node:net';

/**
 * Where free ports are picked: below Linux's ephemeral range (32768–60999), which the system
 * hands out to every `listen(0)` and outgoing connection. A port picked there could be given
 * to another test's server between the pick and the app's own listen: the app then fails to
 * start while the test talks to the other server.
 */
const PICK_FROM = 20_000;
const PICK_TO = 32_000;

/** A port nothing listens on now: `wanted` when it is free, a random free one otherwise. */
export function freePort(wanted = 0): Promise<number> {
  const port = wanted || PICK_FROM + Math.floor(Math.random() * (PICK_TO - PICK_FROM));
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(freePort()) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
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
