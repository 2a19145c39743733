import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@core/messages';
import {
  webhookPayloadSchema,
  type CreatedWebhook,
  type DeliveryList,
  type WebhookDelivery,
  type WebhookList,
} from '@core/schemas/webhooks';
import { type TestApp } from '../../../test/build-test-app';
import type { TestClock } from '../../../test/clock';
import { buildProfileLabApp, type ProfileLab } from '../../../test/profile-lab';
import { signUp } from '../../../test/users';
import { pruneTracking } from '../../tracking/retention';
import { Tracking } from '../../tracking/tracking';
import { verifySignature } from '../../shared/webhooks/webhook-signature';
import { SecretBox, UnknownSecretKey } from '../../shared/secret-box';
import { TrackingWebhooks } from '../../shared/webhooks/webhooks';
import { sql } from 'kysely';
import { describeOnDatabases } from '../../../test/backends';

const API = '/backend-service/v1/tracking';
const PAGE_URL = 'http://scoops.sandbox.localhost:8080/';
/** Links start where the user signed in: inject's Host, with PUBLIC_URL unset. */
const SIGN_IN_ORIGIN = 'http://localhost';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook endpoint on loopback: it records each request and answers the next status of
 * `answers` (200 once they run out), with `answerBody`.
 */
async function startReceiver() {
  const received: Received[] = [];
  const receiver = {
    received,
    answers: [] as number[],
    answerBody: '',
    port: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(receiver.answers.shift() ?? 200).end(receiver.answerBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  return receiver;
}

describeOnDatabases('tracking webhooks', ({ postgres }) => {
  let t: TestApp;
  let lab: ProfileLab;
  let clock: TestClock;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  afterEach(async () => {
    await t?.close();
    await receiver?.close();
  });

  /**
   * The app with the receiver's port allowed (FETCH_ALLOW_HOSTS) under its loopback address
   * and under Slack's, Discord's and Teams' names, which resolve to loopback here; public.example
   * stands for a public host that is never reached.
   */
  async function setup() {
    receiver = await startReceiver();
    const { port } = receiver;
    ({ t, lab, clock } = await buildProfileLabApp(
      postgres,
      {
        SESSION_TTL_HOURS: String(365 * 24),
        FETCH_ALLOW_HOSTS: [
          `127.0.0.1:${port}`,
          `hooks.slack.com:${port}`,
          `discord.com:${port}`,
          `contoso.webhook.office.com:${port}`,
        ].join(','),
      },
      {
        resolve: async (host) =>
          net.isIP(host) ? [host] : [host === 'public.example' ? '93.184.215.14' : '127.0.0.1'],
      },
    ));
    return signUp(t.app, 1);
  }
  const hookUrl = (path = '/hook') => `http://127.0.0.1:${receiver.port}${path}`;
  type Headers = Record<string, string>;
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => t.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });
  const add = async (headers: Headers, url = hookUrl()) => {
    const res = await call('POST', '/webhooks', headers, { url });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CreatedWebhook;
  };
  const deliveries = async (headers: Headers, id: string) =>
    ((await call('GET', `/webhooks/${id}/deliveries`, headers)).json() as DeliveryList).deliveries;
  const sendTest = async (headers: Headers, id: string) => {
    const res = await call('POST', `/webhooks/${id}/test`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WebhookDelivery;
  };

  it('adds, lists with the secret masked, refuses past the guard and the limit', async () => {
    const { headers } = await setup();
    const created = await add(headers);
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(created.webhook).toEqual({
      id: created.id,
      url: hookUrl(),
      kind: 'generic',
      secret: `whsec_…${created.secret.slice(-4)}`,
      createdAt: clock.now().toISOString(),
    });
    const slack = await add(headers, `http://hooks.slack.com:${receiver.port}/services/T0/B0/x`);
    const discord = await add(headers, `http://discord.com:${receiver.port}/api/webhooks/1/x`);
    expect([slack.webhook.kind, discord.webhook.kind]).toEqual(['slack', 'discord']);
    const list = (await call('GET', '/webhooks', headers)).json() as WebhookList;
    expect(list.limit).toBe(5);
    // Added at the same moment: in no particular order.
    expect(list.webhooks.map((w) => w.id).sort()).toEqual(
      [created.id, slack.id, discord.id].sort(),
    );
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const refusals = [
      // Private or local and not allowed, whatever the scheme.
      ['http://10.0.0.1/hook', 'points to a private or local address'],
      [`http://127.0.0.1:${receiver.port + 1}/hook`, 'points to a private or local address'],
      ['https://169.254.169.254/latest/meta-data', 'points to a private or local address'],
      [`http://hooks.slack.com:${receiver.port + 1}/services/x`, 'private or local'],
      // Public, but plain http.
      ['http://public.example/hook', 'Only https URLs can be used here.'],
      ['ftp://public.example/hook', 'Only http and https URLs'],
      ['https://user:pass@public.example/hook', 'credentials'],
    ];
    for (const [url, reason] of refusals) {
      const res = await call('POST', '/webhooks', headers, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('invalid_webhook_url');
      expect(res.json().message, url).toContain(reason);
      expect(res.json().message).toMatch(/^Please enter a valid webhook url\. /);
    }
    const duplicate = await call('POST', '/webhooks', headers, { url: hookUrl() });
    expect(duplicate.json()).toEqual({
      message: WEBHOOK_MESSAGES.duplicate,
      code: 'webhook_exists',
    });
    // The guard passes https to a public host; five in all, not one more.
    await add(headers, 'https://public.example/a');
    await add(headers, 'https://public.example/b');
    const sixth = await call('POST', '/webhooks', headers, { url: 'https://public.example/c' });
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toEqual({ message: WEBHOOK_MESSAGES.limit(5), code: 'webhook_limit' });

    const other = await signUp(t.app, 1);
    for (const [method, url] of [
      ['DELETE', `/webhooks/${created.id}`],
      ['POST', `/webhooks/${created.id}/test`],
      ['GET', `/webhooks/${created.id}/deliveries`],
    ] as const) {
      const refused = await call(method, url, other.headers);
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
      expect(refused.json()).toEqual({
        message: WEBHOOK_MESSAGES.notFound,
        code: 'webhook_not_found',
      });
    }
    expect((await call('GET', '/webhooks', other.headers)).json().webhooks).toEqual([]);
    expect((await call('GET', '/webhooks', {})).statusCode).toBe(401);
    expect(receiver.received).toEqual([]);

    await sendTest(headers, created.id);
    expect((await call('DELETE', `/webhooks/${created.id}`, headers)).json()).toEqual({
      deleted: true,
    });
    expect(
      await t.db.kysely.selectFrom('tracking_webhook_deliveries').selectAll().execute(),
    ).toEqual([]);
    expect((await call('DELETE', `/webhooks/${created.id}`, headers)).statusCode).toBe(404);
  });

  it('signs the test event; after a 500 the sweep tries again and it is delivered', async () => {
    const { headers } = await setup();
    const { id, secret } = await add(headers);
    receiver.answers = [500];
    const first = await sendTest(headers, id);
    expect(first).toMatchObject({
      event: 'test',
      status: 'retrying',
      attempts: 1,
      lastStatus: 500,
      lastError: 'Answered HTTP 500',
      deliveredAt: null,
      nextAttemptAt: new Date(clock.now().getTime() + 30_000).toISOString(),
    });

    const [sent] = receiver.received;
    expect(sent!.path).toBe('/hook');
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.headers['x-speedrank-event']).toBe('test');
    expect(sent!.headers['x-speedrank-delivery']).toBe(first.id);
    const signature = String(sent!.headers['x-speedrank-signature']);
    expect(verifySignature(secret, signature, sent!.body, clock.now())).toBe(true);
    // A replay later than the tolerance, another body, another secret, a forged time: refused.
    const later = new Date(clock.now().getTime() + 301_000);
    expect(verifySignature(secret, signature, sent!.body, later)).toBe(false);
    expect(
      verifySignature(secret, signature, sent!.body.replace('test', 'tset'), clock.now()),
    ).toBe(false);
    expect(verifySignature('whsec_other', signature, sent!.body, clock.now())).toBe(false);
    const forged = signature.replace(/t=(\d+)/, (_, s: string) => `t=${Number(s) + 301}`);
    expect(verifySignature(secret, forged, sent!.body, later)).toBe(false);

    const payload = webhookPayloadSchema.strict().parse(JSON.parse(sent!.body));
    expect(payload).toMatchObject({ event: 'test', page: null, device: null, checkId: null });
    expect(payload.text).toBe(WEBHOOK_MESSAGES.testText(`${SIGN_IN_ORIGIN}/site-speed-tracking`));
    expect(payload.content).toBe(payload.text);

    // Not due yet; due after 30 s.
    const { deliveries: sweeper } = t.app.services.tracking;
    clock.advanceMinutes(0.25);
    expect(await sweeper.retryDue()).toBe(0);
    clock.advanceMinutes(0.25);
    expect(await sweeper.retryDue()).toBe(1);
    expect(await sweeper.retryDue()).toBe(0);
    expect(receiver.received).toHaveLength(2);
    const again = receiver.received[1]!;
    expect(again.body).toBe(sent!.body);
    expect(again.headers['x-speedrank-delivery']).toBe(first.id);
    expect(again.headers['x-speedrank-signature']).not.toBe(signature);
    expect(
      verifySignature(
        secret,
        String(again.headers['x-speedrank-signature']),
        again.body,
        clock.now(),
      ),
    ).toBe(true);
    expect(await deliveries(headers, id)).toEqual([
      {
        ...first,
        status: 'delivered',
        attempts: 2,
        lastStatus: 200,
        lastError: null,
        lastAttemptAt: clock.now().toISOString(),
        nextAttemptAt: null,
        deliveredAt: clock.now().toISOString(),
      },
    ]);
  });

  it('fails at once on a 400, never trying again', async () => {
    const { headers } = await setup();
    const { id } = await add(headers);
    receiver.answers = [400];
    receiver.answerBody = 'invalid_payload';
    const delivery = await sendTest(headers, id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatus: 400,
      lastError: 'Answered HTTP 400: invalid_payload',
      nextAttemptAt: null,
      deliveredAt: null,
    });
    clock.advanceMinutes(180);
    expect(await t.app.services.tracking.deliveries.retryDue()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries(headers, id)).toEqual([delivery]);
  });

  it('backs off 30 s, 2, 10 and 60 min, in any process, then gives up', async () => {
    const { headers } = await setup();
    const { id } = await add(headers);
    receiver.answers = [503, 429, 502, 500, 503];
    const first = await sendTest(headers, id);
    const { services } = t.app;
    // Another process on the database (its own Tracking) takes retries too: they live in rows.
    const other = new Tracking({
      db: t.db,
      clock,
      config: services.config,
      quotas: services.quotas,
      jobs: services.jobs,
      speed: services.speed,
      email: services.email,
      pageFetch: services.pageFetch,
      log: t.app.log,
    });
    const waits: number[] = [];
    let last = first;
    for (const sweeper of [services.tracking, other, services.tracking, other]) {
      const wait = (new Date(last.nextAttemptAt!).getTime() - clock.now().getTime()) / 60_000;
      waits.push(wait);
      clock.advanceMinutes(wait);
      expect(await sweeper.deliveries.retryDue()).toBe(1);
      [last] = (await deliveries(headers, id)) as [WebhookDelivery];
    }
    expect(waits).toEqual([0.5, 2, 10, 60]);
    expect(last).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastStatus: 503,
      nextAttemptAt: null,
    });
    clock.advanceMinutes(24 * 60);
    expect(await services.tracking.deliveries.retryDue()).toBe(0);
    expect(receiver.received).toHaveLength(5);

    // A month on, the retention sweep removes the log.
    clock.advanceMinutes(30 * 24 * 60);
    expect((await pruneTracking(t.db, clock.now())).tracking_webhook_deliveries).toBe(1);
    expect(await deliveries(headers, id)).toEqual([]);
  });

  it('sends regression and recovery alerts to every webhook, in the shape each kind takes', async () => {
    const { headers } = await setup();
    const generic = await add(headers);
    await add(headers, `http://hooks.slack.com:${receiver.port}/services/T0/B0/x`);
    await add(headers, `http://discord.com:${receiver.port}/api/webhooks/1/x`);
    const teams = await add(
      headers,
      `http://contoso.webhook.office.com:${receiver.port}/webhookb2/0a1b/IncomingWebhook/2c3d`,
    );
    expect(teams.webhook.kind).toBe('teams');
    const page = await call('POST', '/pages', headers, { url: PAGE_URL, samples: 3 });
    const pageId = page.json().id as string;
    const runNow = async () => {
      expect((await call('POST', `/pages/${pageId}/run`, headers)).statusCode).toBe(202);
      await t.app.services.tracking.scheduler.idle();
      clock.advanceMinutes(60);
    };
    const byPath = (prefix: string) => receiver.received.filter((r) => r.path.startsWith(prefix));

    await runNow();
    await runNow();
    expect(receiver.received).toEqual([]);
    lab.profile = 'slow';
    await runNow();
    await runNow();
    lab.profile = 'fast';
    await runNow();
    expect(receiver.received).toHaveLength(8);

    const [regression, recovery] = byPath('/hook').map((r) =>
      webhookPayloadSchema.strict().parse(JSON.parse(r.body)),
    );
    const alerts = (await call('GET', `/pages/${pageId}/alerts`, headers)).json().alerts;
    expect(regression).toMatchObject({
      event: 'regression',
      page: { id: pageId, url: PAGE_URL },
      device: 'mobile',
      checkId: alerts[1].checkId,
      at: alerts[1].createdAt,
      link: `${SIGN_IN_ORIGIN}/site-speed-tracking?page=${pageId}`,
    });
    expect(regression!.reasons.map((r) => r.metric)).toEqual(['psi', 'lcp', 'tbt', 'cls']);
    expect(regression!.text).toContain(`Speed regression: ${PAGE_URL}`);
    expect(regression!.text).toContain(regression!.reasons[0]!.text);
    expect(regression!.content).toBe(regression!.text);
    expect(recovery).toMatchObject({
      event: 'recovery',
      checkId: alerts[0].checkId,
      reasons: [],
    });
    expect(recovery!.text).toContain(`Speed recovered: ${PAGE_URL}`);
    expect(byPath('/hook').map((r) => r.headers['x-speedrank-event'])).toEqual([
      'regression',
      'recovery',
    ]);

    // Slack's incoming webhooks take {text}; Discord's {content}, with no one pinged.
    const slack = byPath('/services/').map((r) => JSON.parse(r.body));
    expect(slack.map((body) => Object.keys(body))).toEqual([['text'], ['text']]);
    expect(slack[0].text).toContain(`Speed regression: ${PAGE_URL}`);
    expect(slack[0].text).toContain(`Speed history: ${SIGN_IN_ORIGIN}/site-speed-tracking`);
    const discord = byPath('/api/webhooks/').map((r) => JSON.parse(r.body));
    expect(discord[1]).toEqual({
      content: expect.stringContaining(`Speed recovered: ${PAGE_URL}`),
      username: 'SpeedRank',
      allowed_mentions: { parse: [] },
    });
    expect(discord[0].content.length).toBeLessThanOrEqual(2000);
    // Teams' webhooks take a message holding one Adaptive Card.
    const cards = byPath('/webhookb2/').map((r) => JSON.parse(r.body));
    expect(cards.map((body) => [body.type, body.attachments.length])).toEqual([
      ['message', 1],
      ['message', 1],
    ]);
    const card = cards[0].attachments[0];
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card.content.body[0]).toEqual({
      type: 'TextBlock',
      text: `Speed regression: ${PAGE_URL}`,
      weight: 'Bolder',
      size: 'Medium',
      wrap: true,
    });

    expect((await deliveries(headers, generic.id)).map((d) => [d.event, d.status])).toEqual([
      ['recovery', 'delivered'],
      ['regression', 'delivered'],
    ]);
  });

  /** Every byte the database holds: SQLite's file and log, or every PostgreSQL row as text. */
  async function storedBytes(): Promise<string> {
    if (t.db.kind === 'sqlite') {
      const file = t.config.sqlitePath;
      return [file, `${file}-wal`]
        .filter((f) => fs.existsSync(f))
        .map((f) => fs.readFileSync(f).toString('latin1'))
        .join('');
    }
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'`.execute(
      t.db.kysely,
    );
    const rows = await Promise.all(
      tables.rows.map(
        async ({ table_name }) =>
          (await sql.raw(`select * from "${table_name}"`).execute(t.db.kysely)).rows,
      ),
    );
    return JSON.stringify(rows);
  }

  it('stores signing secrets sealed under SECRETS_KEY, and seals them again under a rotated key', async () => {
    const { headers, userId } = await setup();
    const { id, secret } = await add(headers);
    const [stored] = await t.db.kysely
      .selectFrom('tracking_webhooks')
      .select('secret')
      .where('id', '=', id)
      .execute();
    expect(stored!.secret).toMatch(/^sr1\./);
    expect(await storedBytes()).not.toContain(secret);
    expect(await storedBytes()).not.toContain(secret.slice(6));
    // Still signed with the secret the user was shown.
    await sendTest(headers, id);
    const sent = receiver.received.at(-1)!;
    const signature = String(sent.headers['x-speedrank-signature']);
    expect(verifySignature(secret, signature, sent.body, clock.now())).toBe(true);

    // Rotation: the new key first, the old one among the previous; a start reseals.
    const oldKey = fs.readFileSync(`${t.config.dataDir}/secrets-key`, 'utf8');
    const newKey = 'a new secrets key of at least thirty-two characters';
    const guard = t.app.services.tracking.webhooks.guard;
    const rotated = new TrackingWebhooks(t.db, clock, guard, new SecretBox(newKey, [oldKey]));
    expect(await rotated.reseal()).toBe(1);
    expect(await rotated.reseal()).toBe(0);
    const newOnly = new TrackingWebhooks(t.db, clock, guard, new SecretBox(newKey));
    expect((await newOnly.get(userId, id))?.secret).toBe(secret);
    // The old key alone no longer opens it, and says so.
    const oldOnly = new TrackingWebhooks(t.db, clock, guard, new SecretBox(oldKey));
    await expect(oldOnly.get(userId, id)).rejects.toThrow(UnknownSecretKey);
  });
});
