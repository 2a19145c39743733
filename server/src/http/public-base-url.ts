import type { FastifyRequest } from 'fastify';

/**
 * Where visitors reach this app, which the absolute links it hands out start with: the
 * configured public URL, else the address the request was made to.
 */
export function publicBaseUrl(publicUrl: string | undefined, request: FastifyRequest): string {
  if (publicUrl) return publicUrl.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}
