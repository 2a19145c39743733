import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUp } from '../../test/users';
import { NUL_REFUSED, holdsNul } from './refuse-nul';

describe('NUL refusal', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('finds a NUL in any string or key, however deep, and nowhere else', () => {
    expect(holdsNul({ a: [{ b: 'x\u0000y' }] })).toBe(true);
    expect(holdsNul({ 'k\u0000': 1 })).toBe(true);
    expect(holdsNul({ a: [1, 'two', null, { b: true }] })).toBe(false);
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(holdsNul(deep)).toBe(true);
  });

  it('answers 400 before anything is stored', async () => {
    t = await buildTestApp();
    const { headers } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend-service/v1/settings',
      headers,
      payload: { searchKeyword: 'dog\u0000food' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: NUL_REFUSED });
    const rows = await t.db.kysely.selectFrom('user_settings').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
