import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../../../test/build-test-app';

describe.each([
  { name: 'SQLite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
])('GET /health on $name', ({ postgres }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.skipIf(postgres && !testDatabaseUrl)('answers ok when the database answers', async () => {
    t = await buildTestApp({ postgres });
    const res = await t.app.inject({ method: 'GET', url: '/backend-service/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it.skipIf(postgres && !testDatabaseUrl)('answers 503 once the database is gone', async () => {
    t = await buildTestApp({ postgres });
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/backend-service/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The database does not answer.' });
    // Closing twice must not throw in the test's cleanup.
    t.db.close = async () => {};
  });
});
