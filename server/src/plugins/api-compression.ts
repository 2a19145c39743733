import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses the API's replies of a kilobyte or more (brotli or gzip, per Accept-Encoding).
 * Register it inside the API scope only: the web app's files come precompressed
 * (serve-web-app.ts), and the sandbox web must answer with the bytes its pages are made of,
 * since the speed engine measures them as third-party sites. Server-sent events stay
 * uncompressed: their routes write to the raw response, which this plugin never sees, and
 * it leaves text/event-stream alone besides.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    threshold: 1024,
    // Replies only: request bodies reach the routes as they were sent.
    globalDecompression: false,
  });
}
