import { z } from 'zod';
import { providersResponseSchema, queuesResponseSchema } from '../schemas/ops';
import { endpoint } from './endpoint';

/** What an operator reads with OPS_TOKEN (the routes exist only when it is set). */
export const OPS_ENDPOINTS = {
  queues: endpoint({
    method: 'GET',
    path: '/ops/queues',
    status: 200,
    response: queuesResponseSchema,
  }),
  providers: endpoint({
    method: 'GET',
    path: '/ops/providers',
    status: 200,
    response: providersResponseSchema,
  }),
  metrics: endpoint({
    method: 'GET',
    path: '/ops/metrics',
    status: 200,
    response: z.string(),
    media: { type: 'text/plain', description: 'Prometheus text format (version 0.0.4).' },
  }),
};
