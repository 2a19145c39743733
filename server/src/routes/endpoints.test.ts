import { describe, expect, it } from 'vitest';
import { API_BASE } from '@core/endpoints/endpoint';
import { ENDPOINTS } from '@core/endpoints';
import { buildTestApp } from '../../test/build-test-app';
import { openApiDocument } from '../../test/fuzz/fuzz-app';
import { listOperations } from '../../test/fuzz/openapi-operations';

/** `GET /rum/sites/:id`, as a contract names it. */
const contracted = Object.values(ENDPOINTS)
  .flatMap((group) => Object.values(group))
  .map(({ method, path }) => `${method} ${path}`);

describe('the endpoint contracts (core/endpoints/)', () => {
  it('are each served once, and every documented operation is one of them', async () => {
    // The operators' routes exist only with OPS_TOKEN.
    const t = await buildTestApp({ env: { OPS_TOKEN: 'ops-token-for-the-document-0123456789' } });
    try {
      await t.app.ready();
      const documented = listOperations(openApiDocument(t)).map(
        (op) => `${op.method} ${op.path.slice(API_BASE.length).replace(/\{(\w+)\}/g, ':$1')}`,
      );
      expect(new Set(contracted).size, 'two contracts for one route').toBe(contracted.length);
      expect([...documented].sort()).toEqual([...contracted].sort());
    } finally {
      await t.close();
    }
  });
});
