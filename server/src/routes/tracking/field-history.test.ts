import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { TRACKING_MESSAGES } from '@core/messages';
import type { FieldHistoryResponse } from '@core/schemas/tracking';
import { describeOnDatabases } from '../../../test/backends';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';
import { startRecordedServer, type RecordedRequest } from '../../../test/recorded-server';
import { signUp } from '../../../test/users';

const PAGES = '/backend-service/v1/tracking/pages';
const URL = 'http://scoops.sandbox.localhost:8080/flavours';
const ORIGIN = 'http://scoops.sandbox.localhost:8080';
const fixture = (name: string) =>
  path.join(import.meta.dirname, '../../providers/field-data/fixtures', name);

/** What the stand-in CrUX was asked, in order: target and form factor. */
const asked = (requests: RecordedRequest[]) =>
  requests.map((r) => {
    const body = JSON.parse(r.body);
    return `${body.url ? `url ${body.url}` : `origin ${body.origin}`} ${body.formFactor}`;
  });

describeOnDatabases('tracked page CrUX history API', ({ postgres }) => {
  let t: TestApp | undefined;
  let crux: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  let clock: TestClock;
  afterEach(async () => {
    await t?.close();
    await crux?.close();
    t = crux = undefined;
  });

  /** The app with a CrUX stand-in answering `reply` (or no key at all), and a tracked page. */
  async function setup(
    reply: Parameters<typeof startRecordedServer>[0],
    { key = true, devices = ['mobile'] }: { key?: boolean; devices?: string[] } = {},
  ) {
    crux = await startRecordedServer(reply);
    clock = new TestClock();
    t = await buildTestApp({
      postgres,
      clock,
      env: { CRUX_BASE_URL: crux.baseUrl, ...(key && { CRUX_API_KEY: 'crux-key' }) },
    });
    const owner = await signUp(t.app, 2);
    const created = await t.app.inject({
      method: 'POST',
      url: PAGES,
      headers: owner.headers,
      payload: { url: URL, devices, samples: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const get = (query = '', headers = owner.headers) =>
      t!.app.inject({ method: 'GET', url: `${PAGES}/${id}/field-history${query}`, headers });
    return { id, get };
  }

  const recorded = (req: RecordedRequest) =>
    JSON.parse(req.body).url
      ? { fixture: fixture('crux-history-page-phone.json') }
      : { fixture: fixture('crux-history-origin-phone.json') };

  it("answers the page's and its origin's weekly p75s for the page's first device, kept 12 h", async () => {
    const { get } = await setup(recorded, { devices: ['desktop', 'mobile'] });
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as FieldHistoryResponse;
    expect(body).toMatchObject({
      source: 'crux',
      configured: true,
      device: 'desktop',
      fetchedAt: clock.now().toISOString(),
    });
    expect(body.pageError).toBeUndefined();
    expect(body.originError).toBeUndefined();
    expect(asked(crux!.requests).sort()).toEqual([
      `origin ${ORIGIN} DESKTOP`,
      `url ${URL} DESKTOP`,
    ]);
    expect(JSON.parse(crux!.requests[0]!.body).collectionPeriodCount).toBe(40);
    expect(body.page!.periods).toHaveLength(40);
    expect(body.page!.periods.at(-1)).toEqual({ firstDate: '2026-10-18', lastDate: '2026-11-14' });
    expect(body.page!.p75.LCP!.slice(5, 10)).toEqual([2702, null, null, null, 2732]);
    expect(body.page!.p75.CLS![6]).toBeNull();
    expect(body.origin!.p75.CLS!.at(-1)).toBe(0.04);

    // Asked again within 12 h: the kept answers, with the time they came.
    clock.advanceMinutes(11 * 60);
    const again = (await get()).json() as FieldHistoryResponse;
    expect(again).toEqual(body);
    expect(crux!.requests).toHaveLength(2);

    // Another device is another record.
    const mobile = (await get('?device=mobile')).json() as FieldHistoryResponse;
    expect(mobile.device).toBe('mobile');
    expect(asked(crux!.requests.slice(2)).sort()).toEqual([
      `origin ${ORIGIN} PHONE`,
      `url ${URL} PHONE`,
    ]);

    // Past 12 h, CrUX is asked anew.
    clock.advanceMinutes(61);
    const later = (await get()).json() as FieldHistoryResponse;
    expect(later.fetchedAt).toBe(clock.now().toISOString());
    expect(crux!.requests).toHaveLength(6);
  });

  it('tells not enough data from a failure, and keeps only the former', async () => {
    let originFails = true;
    const { get } = await setup((req) =>
      JSON.parse(req.body).url
        ? { status: 404, fixture: fixture('crux-404.json') }
        : originFails
          ? { status: 429, fixture: fixture('crux-history-429.json') }
          : { fixture: fixture('crux-history-origin-phone.json') },
    );
    const body = (await get()).json() as FieldHistoryResponse;
    expect(body.page).toBeNull();
    expect(body.pageError).toBeUndefined();
    expect(body.origin).toBeNull();
    expect(body.originError).toMatch(/^The Chrome UX Report API answered 429: Quota exceeded/);

    // The 404 is kept; the failed origin is asked again, and now answers.
    originFails = false;
    const retried = (await get()).json() as FieldHistoryResponse;
    expect(asked(crux!.requests.slice(2))).toEqual([`origin ${ORIGIN} PHONE`]);
    expect(retried.page).toBeNull();
    expect(retried.origin!.periods).toHaveLength(40);
    expect(retried.originError).toBeUndefined();
  });

  it('says CrUX is not configured without a key, and asks nothing', async () => {
    const { get } = await setup(recorded, { key: false });
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      source: 'crux',
      configured: false,
      device: 'mobile',
      fetchedAt: null,
      page: null,
      origin: null,
    });
    expect(crux!.requests).toHaveLength(0);
  });

  it("is the owner's only: another user gets a 404, no session a 401, a bad device a 400", async () => {
    const { get } = await setup(recorded);
    const other = await signUp(t!.app, 2);
    const refused = await get('', other.headers);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(TRACKING_MESSAGES.notFound);
    expect((await get('', {} as typeof other.headers)).statusCode).toBe(401);
    const bad = await get('?device=tablet');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/device/);
    expect(crux!.requests).toHaveLength(0);
  });
});
