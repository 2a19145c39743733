import type { FastifyInstance } from 'fastify';
import { Invalid } from '../domain/errors';

export const NUL_REFUSED = 'Invalid request. Text may not contain the NUL character (\\u0000).';

/** Whether a parsed request part holds a NUL character in any string or key, however deep. */
export function holdsNul(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, child] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold NUL and no field of the API needs one: a body, path or query
 * that carries one is refused with a 400 before validation, a handler or a query sees it.
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if ([request.body, request.params, request.query].some(holdsNul)) {
      throw new Invalid(NUL_REFUSED);
    }
  });
}
