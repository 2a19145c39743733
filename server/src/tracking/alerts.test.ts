import { afterEach, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, TRACKING_MESSAGES } from '@core/messages';
import { TIME_ZONE_HEADER } from '@core/schemas/time-zone';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { outboxMessagesTo } from '../../test/outbox';

const API = '/backend-service/v1';
const PAGE_URL = 'https://shop.example/';
const CHECKED_AT = '2026-11-26T08:14:00.000Z';

/**
 * Alerts are written by scheduled checks, with no request at hand: their links and times
 * come from what the user's last sign-in left.
 */
describe('tracking alert emails', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  /** A user who signed in with `headers`, one tracked page, and its regression alert email. */
  async function regressionEmail(env: Record<string, string>, headers: Record<string, string>) {
    // No scheduled checks: the test raises the alert itself.
    t = await buildTestApp({ env: { TRACKING_CONCURRENCY: '0', ...env } });
    const email = 'owner@example.com';
    const registered = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      headers,
      payload: { email, password: 'password123' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const userId = registered.json().userId as string;
    const created = await t.app.services.tracking.pages.create(userId, 1, {
      url: PAGE_URL,
      devices: ['mobile'],
      categories: [],
      signIn: null,
      schedule: 'daily',
      samples: 1,
      budgets: {},
      alertAfter: 1,
    });
    const page = created;
    const alerted = await t.app.services.tracking.alerts.settle('regression', {
      page,
      email,
      checkId: 'check-1',
      device: 'mobile',
      at: CHECKED_AT,
      reasons: [
        {
          kind: 'budget',
          metric: 'lcp',
          value: 4100,
          reference: 2500,
          pValue: null,
          text: 'LCP 4.1 s breaks its budget of 2.5 s.',
        },
      ],
    });
    expect(alerted).toBe(true);
    const [mail] = outboxMessagesTo(t.config, email);
    expect(mail).toContain(`Subject: ${TRACKING_MESSAGES.regressionSubject(PAGE_URL, 'mobile')}`);
    return { mail: mail!, page, pageId: page.id, userId };
  }

  it('links to PUBLIC_URL when it is set, and gives the time in words in the user’s zone', async () => {
    const { mail, pageId } = await regressionEmail(
      { PUBLIC_URL: 'https://speedrank.example.com/' },
      { host: 'internal:8080', [TIME_ZONE_HEADER]: 'Europe/Berlin' },
    );
    expect(mail).toContain(
      `on ${EMAIL_MESSAGES.trackingPage}: https://speedrank.example.com/site-speed-tracking?page=${pageId}`,
    );
    expect(mail).toContain('on Thursday 26 November 2026 at 09:14 (Europe/Berlin) is a regression');
    expect(mail).not.toContain(CHECKED_AT);
    expect(mail).not.toContain('internal');
    expect(mail).not.toContain('localhost');
  });

  it('links to the origin the user last signed in from when PUBLIC_URL is unset', async () => {
    // The app behind a proxy on the loopback, which TRUST_PROXY believes by default.
    const { mail, pageId } = await regressionEmail(
      {},
      {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'speed.example.org',
        [TIME_ZONE_HEADER]: 'America/New_York',
      },
    );
    expect(mail).toContain(
      `on ${EMAIL_MESSAGES.trackingPage}: https://speed.example.org/site-speed-tracking?page=${pageId}`,
    );
    expect(mail).toContain(
      'on Thursday 26 November 2026 at 03:14 (America/New_York) is a regression',
    );
    expect(mail).not.toContain('localhost');
  });

  it('names the page without a link, in UTC, when neither address nor zone is known', async () => {
    // A browser that sent a zone Intl does not know: UTC stays.
    const { mail, page, userId } = await regressionEmail(
      {},
      { [TIME_ZONE_HEADER]: 'Mars/Olympus_Mons' },
    );
    expect(mail).toContain('on Thursday 26 November 2026 at 08:14 (UTC) is a regression');
    // An account from before sign-ins were recorded.
    await t.db.kysely
      .updateTable('users')
      .set({ sign_in_origin: null })
      .where('id', '=', userId)
      .execute();
    await t.app.services.tracking.alerts.settle('ok', {
      page,
      email: 'owner@example.com',
      checkId: 'check-2',
      device: 'mobile',
      at: CHECKED_AT,
      reasons: [],
    });
    const [recovery] = outboxMessagesTo(t.config, 'owner@example.com');
    expect(recovery).toContain(`Subject: ${TRACKING_MESSAGES.recoverySubject(PAGE_URL, 'mobile')}`);
    expect(recovery).toContain(`See the page's speed history on ${EMAIL_MESSAGES.trackingPage}.`);
    expect(recovery).not.toMatch(/https?:\/\/(?!shop\.example)/);
  });
});
