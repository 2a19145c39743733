import { afterEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { describeOnDatabases } from '../../../test/backends';

const URL = '/backend-service/v1/email-subscribers';

describeOnDatabases('email subscribe API', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const post = (payload: object) => t.app.inject({ method: 'POST', url: URL, payload });
  const rows = () =>
    t.db.kysely
      .selectFrom('email_subscribers')
      .select(['email', 'first_name', 'search_term'])
      .execute();

  it('keeps one row per address whatever its case, with the latest name and term', async () => {
    t = await buildTestApp({ postgres });
    const first = await post({ emailAddress: 'Ann@Example.com', firstName: 'Ann' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'SUCCESS' });
    const again = await post({
      emailAddress: 'ann@example.COM',
      firstName: 'Ann',
      searchTerm: 'dog food',
    });
    expect(again.statusCode).toBe(200);
    expect(await rows()).toEqual([
      { email: 'ann@example.com', first_name: 'Ann', search_term: 'dog food' },
    ]);
  });

  it('shares the registrations limit per IP and answers 429 past it', async () => {
    t = await buildTestApp({ postgres, env: { REGISTRATIONS_PER_IP: '2' } });
    expect((await post({ emailAddress: 'a@example.com' })).statusCode).toBe(200);
    expect((await post({ emailAddress: 'b@example.com' })).statusCode).toBe(200);
    const refused = await post({ emailAddress: 'c@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await rows()).map((r) => r.email).sort()).toEqual(['a@example.com', 'b@example.com']);
  });
});
