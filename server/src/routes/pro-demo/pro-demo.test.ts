import { afterEach, expect, it } from 'vitest';
import { PRO_MESSAGES } from '@core/messages';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/backends';

const URL = '/backend-service/v1/pro-demo';

describeOnDatabases('pro demo API', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const post = (payload: object) => t.app.inject({ method: 'POST', url: URL, payload });
  const rows = () => t.db.kysely.selectFrom('demo_requests').select('email').execute();

  it('keeps one row per address: 201 the first time, 200 after, in any case', async () => {
    t = await buildTestApp({ postgres });
    const first = await post({ emailAddress: ' Dee@Example.com ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ status: 'SUCCESS' });
    const again = await post({ emailAddress: 'dee@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'SUCCESS' });
    expect(await rows()).toEqual([{ email: 'dee@example.com' }]);
  });

  it('answers a blank or malformed address with 400 and the fixed message', async () => {
    t = await buildTestApp({ postgres });
    const blank = await post({ emailAddress: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(PRO_MESSAGES.emailRequired);
    const bad = await post({ emailAddress: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(PRO_MESSAGES.emailInvalid);
    expect(bad.json().message).not.toContain(PRO_MESSAGES.emailRequired);
    expect((await post({})).statusCode).toBe(400);
    expect(await rows()).toEqual([]);
  });

  it('refuses the 11th request of an hour from one IP with 429 and Retry-After', async () => {
    const clock = new TestClock(new Date('2026-11-23T12:00:00Z'));
    t = await buildTestApp({ postgres, clock });
    for (let i = 0; i < 10; i++) {
      expect((await post({ emailAddress: `p${i}@example.com` })).statusCode).toBe(201);
    }
    const refused = await post({ emailAddress: 'p10@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json().message).toMatch(/^Too many attempts/);
    expect(await rows()).toHaveLength(10);

    clock.advanceMinutes(60);
    expect((await post({ emailAddress: 'p10@example.com' })).statusCode).toBe(201);
  });

  it("counts a visitor's requests against its own address, not the one it claims", async () => {
    t = await buildTestApp({ postgres });
    const from = (remoteAddress: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: URL,
        remoteAddress,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { emailAddress: `f${i}@example.com` },
      });
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.7', i)).statusCode).toBe(201);
    expect((await from('203.0.113.7', 10)).statusCode).toBe(429);
    // A proxy on the private network passes the client's address on.
    expect((await from('10.0.0.2', 11)).statusCode).toBe(201);
  });
});
