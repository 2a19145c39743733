import { useMutation } from '@tanstack/react-query';
import { statusResponseSchema } from '@core/schemas/auth';
import type { ProDemoBody } from '@core/schemas/pro';
import { apiRequest } from '../../api/api-client';

/** A demo request: the address of someone asking for a demo. */
export function useRequestDemo() {
  return useMutation({
    mutationFn: (body: ProDemoBody) =>
      apiRequest('/pro-demo', statusResponseSchema, { method: 'POST', body }),
  });
}
