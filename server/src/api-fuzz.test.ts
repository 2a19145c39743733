import { test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { describeOnDatabases } from '../test/backends';
import { buildTestApp } from '../test/build-test-app';
import { fuzzCase } from '../test/fuzz/fuzz-case';
import { openApiDocument, startFuzzApp, type FuzzApp } from '../test/fuzz/fuzz-app';
import { listOperations, type Operation } from '../test/fuzz/openapi-operations';
import { REGRESSIONS } from '../test/fuzz/regressions';
import { requestArbitrary } from '../test/fuzz/request-arbitrary';

/**
 * Generated cases per operation, after its regression cases: 200 in every test run;
 * `npm run fuzz` asks for many more.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

/** The operations of the app's own OpenAPI document, read from an app built for it. */
async function documentedOperations(): Promise<Operation[]> {
  const t = await buildTestApp();
  try {
    await t.app.ready();
    return listOperations(openApiDocument(t));
  } finally {
    await t.close();
  }
}

const operations = await documentedOperations();
const byTag = new Map<string, Operation[]>();
for (const op of operations) byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), op]);

/**
 * Every documented operation gets hostile and boundary requests; none may answer 5xx or
 * hang, every answer matches the document for its status, and a refused request changes
 * no row. One app per database and tag keeps it fast; each case is its own request.
 */
describeOnDatabases('API fuzzing', ({ postgres }) => {
  for (const [tag, ops] of byTag) {
    describe(tag, () => {
      let fuzz: FuzzApp;
      beforeAll(async () => {
        fuzz = await startFuzzApp({ postgres });
      }, 60_000);
      afterAll(async () => fuzz?.close());

      for (const op of ops) {
        const examples = (REGRESSIONS[op.id] ?? []).map((request) => [request] as [typeof request]);
        test.prop([requestArbitrary(op)], {
          numRuns: RUNS + examples.length,
          examples,
          includeErrorInReport: true,
        })(
          op.id,
          async (request) => {
            const own = fuzz.operations.find((o) => o.id === op.id)!;
            const problem = await fuzzCase(fuzz, own, request);
            if (problem) expect.fail(problem);
          },
          60_000 + RUNS * 100,
        );
      }
    });
  }
});
