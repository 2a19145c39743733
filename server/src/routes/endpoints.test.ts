import { describe, expect, it } from 'vitest';
import { API_BASE } from '@core/endpoints/endpoint';
import { ENDPOINTS } from '@core/endpoints';
import { buildTestApp } from '../../test/build-test-app';
import { openApiDocument } from '../../test/fuzz/fuzz-app';
import { listOperations, type JsonSchema } from '../../test/fuzz/openapi-operations';

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

describe('the OpenAPI document', () => {
  it("describes a run's Lighthouse categories and the start body that asks for them", async () => {
    const t = await buildTestApp();
    try {
      await t.app.ready();
      const operations = listOperations(openApiDocument(t));
      const find = (id: string) => operations.find((op) => op.id === `${id}`)!;
      const status = find(`GET ${API_BASE}/pagespeed/runs/{runId}`).responses['200']!;
      const result = Object.values(status)[0]!.properties!.result!;
      const runResult = (result.anyOf?.find((s) => s.type === 'object') ?? result) as JsonSchema;
      const categories = runResult.properties!.categories!;
      expect(Object.keys(categories.properties!)).toEqual([
        'performance',
        'accessibility',
        'bestPractices',
        'seo',
        'agenticBrowsing',
      ]);
      expect(categories.required).toEqual(['performance']);
      const audit = categories.properties!.seo!.properties!.audits!.items as JsonSchema;
      expect(Object.keys(audit.properties!)).toEqual(
        expect.arrayContaining(['id', 'title', 'score', 'displayValue', 'items', 'outcome']),
      );
      const body = find(`POST ${API_BASE}/pagespeed/runs`).body!;
      expect((body.properties!.categories!.items as JsonSchema).enum).toEqual([
        'accessibility',
        'best-practices',
        'seo',
        'agentic-browsing',
      ]);
    } finally {
      await t.close();
    }
  });
});
