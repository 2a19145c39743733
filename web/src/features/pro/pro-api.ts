import { useMutation } from '@tanstack/react-query';
import { SITE_ENDPOINTS } from '@core/endpoints/site';
import type { ProDemoBody } from '@core/schemas/pro';
import { callEndpoint } from '../../api/api-client';

/** A demo request: the address of someone asking for a demo. */
export function useRequestDemo() {
  return useMutation({
    mutationFn: (body: ProDemoBody) => callEndpoint(SITE_ENDPOINTS.requestDemo, { body }),
  });
}
