import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { App } from '../src/app';
import { USER_TABLES, ownedRows, type UserTableName } from '../src/account-data/user-tables';

const API = '/backend-service/v1';
export const SEED_PASSWORD = 'password123';

/** What a seeded account's tests look for: its ids, and the secrets an export must not hold. */
export interface SeededAccount {
  userId: string;
  email: string;
  headers: { authorization: string };
  webhookSecret: string;
  /** A flow secret's value (sealed in the database, never exported). */
  flowSecret: string;
  ids: { trackingCheck: string; rankCheck: string; speedTest: string; rumSite: string };
}

/**
 * Registers `email` and gives it rows in every user table: through the API where a route
 * makes them (settings, links, subscriptions, payments), through the services where the
 * route would need the outside world (a webhook's public URL), and written directly where
 * only a lab or a SERP vendor makes them (checks, runs, beacons' counts).
 */
export async function seedAccount(app: App, email: string): Promise<SeededAccount> {
  const call = (method: 'POST' | 'GET' | 'PUT', url: string, payload: object, token?: string) =>
    app.inject({
      method,
      url: `${API}${url}`,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const expectOk = async (res: Promise<{ statusCode: number; body: string }>, what: string) => {
    const done = await res;
    if (done.statusCode >= 300) throw new Error(`${what}: ${done.statusCode} ${done.body}`);
    return done;
  };
  const registered = await expectOk(
    call('POST', '/auth/register', { email, password: SEED_PASSWORD, name: 'Seeded Person' }),
    'register',
  );
  const { token, userId } = JSON.parse(registered.body) as { token: string; userId: string };
  const headers = { authorization: `Bearer ${token}` };
  await expectOk(call('POST', '/settings', { searchKeyword: `${email} shoes` }, token), 'settings');
  await expectOk(
    call(
      'POST',
      '/settings/keywords',
      {
        country: 'Germany',
        country_code: 'de',
        language: 'de',
        temperature: 0.4,
        algorithm: 'category',
      },
      token,
    ),
    'keyword settings',
  );
  await expectOk(call('POST', `/secure-link/${email}`, {}), 'secure link');
  await call('POST', '/auth/login', { email, password: 'not the password' });
  await expectOk(
    call('POST', '/email-subscribers', { emailAddress: email, firstName: 'Seeded' }),
    'subscriber',
  );
  await expectOk(call('POST', '/pro-demo', { emailAddress: email }), 'demo request');
  const card = await expectOk(
    call(
      'POST',
      '/payments/local/payment-methods',
      { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
      token,
    ),
    'card',
  );
  const { paymentMethodId } = JSON.parse(card.body) as { paymentMethodId: string };
  await expectOk(
    call(
      'POST',
      '/payments',
      {
        name: 'Seeded Person',
        email,
        zipcode: '94107',
        planId: 3,
        billingCycle: 1,
        paymentMethodId,
      },
      token,
    ),
    'subscription',
  );

  const flowSecret = `seeded-shop-password-${crypto.randomUUID()}`;
  await expectOk(call('PUT', '/secrets/SHOP_PASSWORD', { value: flowSecret }, token), 'secret');
  const flow = await expectOk(
    call(
      'POST',
      '/flows',
      {
        name: 'Seeded sign-in',
        steps: [
          { kind: 'navigate', url: 'https://shop.example/sign-in' },
          { kind: 'type', selector: '#password', secret: 'SHOP_PASSWORD' },
          { kind: 'click', selector: 'aria/Sign in', navigates: true },
        ],
      },
      token,
    ),
    'flow',
  );
  const flowId = (JSON.parse(flow.body) as { id: string }).id;

  const { services } = app;
  const db = services.db.kysely;
  const now = services.clock.now().toISOString();
  await services.quotas.consume(userId, 'serp', 10);
  await services.quotas.consume(`${userId}:search-${crypto.randomUUID()}`, 'kw-search', 5);

  const speedTest = crypto.randomUUID();
  const search = crypto.randomUUID();
  await db
    .insertInto('speed_tests')
    .values([
      {
        id: speedTest,
        subject: userId,
        workspace_id: userId,
        url: 'https://example.com/',
        samples: 1,
        created_at: now,
      },
      { id: search, subject: userId, workspace_id: null, url: null, samples: 1, created_at: now },
    ])
    .execute();
  await db
    .insertInto('speed_test_urls')
    .values([
      { test_id: speedTest, url: 'https://example.com/', runs_left: 0, facts_unread: 0 },
      { test_id: search, url: 'https://result.example/', runs_left: 1, facts_unread: 1 },
    ])
    .execute();
  await db
    .insertInto('speed_runs')
    .values({
      id: crypto.randomUUID(),
      test_id: speedTest,
      url: 'https://example.com/',
      strategy: 'mobile',
      sample: 0,
      status: '{"state":"done"}',
      created_at: now,
    })
    .execute();

  await db
    .insertInto('ci_checks')
    .values({
      id: crypto.randomUUID(),
      workspace_id: userId,
      user_id: userId,
      token_name: null,
      device: 'mobile',
      samples: 1,
      compare_with: 'none',
      budget: '{"lcp":2500}',
      ref: null,
      pages: JSON.stringify([{ url: 'https://example.com/', testId: speedTest, runIds: [] }]),
      verdict: null,
      result: null,
      created_at: now,
      finished_at: null,
    })
    .execute();

  const flowRunId = crypto.randomUUID();
  await db
    .insertInto('flow_runs')
    .values({
      id: flowRunId,
      flow_id: flowId,
      workspace_id: userId,
      user_id: userId,
      flow: JSON.stringify({ name: 'Seeded sign-in', device: 'mobile', steps: [] }),
      status: 'error',
      result: null,
      error: 'No browser.',
      error_kind: 'browser_missing',
      charged: 2,
      charge_subject: userId,
      charge_period: now.slice(0, 7),
      created_at: now,
      finished_at: now,
    })
    .execute();
  await db
    .insertInto('flow_alerts')
    .values({
      id: crypto.randomUUID(),
      flow_id: flowId,
      workspace_id: userId,
      run_id: flowRunId,
      kind: 'failing',
      step: null,
      at: now,
      reasons: '[]',
      errors: JSON.stringify(['Timed out waiting for #password']),
    })
    .execute();

  const page = crypto.randomUUID();
  const trackingCheck = crypto.randomUUID();
  await db
    .insertInto('tracked_pages')
    .values({
      id: page,
      workspace_id: userId,
      url: 'https://example.com/tracked',
      devices: 'mobile',
      schedule: 'daily',
      samples: 1,
      budgets: '{}',
      paused: 0,
      next_due_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('tracking_checks')
    .values({
      id: trackingCheck,
      page_id: page,
      device: 'mobile',
      trigger: 'manual',
      status: 'done',
      started_at: now,
      median_lcp: 1234,
      regression: 0,
      reasons: '[]',
      detailed: 1,
    })
    .execute();
  await db
    .insertInto('tracking_samples')
    .values({ check_id: trackingCheck, sample: 0, source: 'local-lighthouse', lcp: 1234 })
    .execute();
  await db
    .insertInto('tracking_alerts')
    .values({
      id: crypto.randomUUID(),
      page_id: page,
      check_id: trackingCheck,
      kind: 'regression',
      device: 'mobile',
      reasons: '[]',
      created_at: now,
    })
    .execute();

  const webhook = await services.tracking.webhooks.create(
    userId,
    `https://hooks.example.com/${userId}`,
  );
  await db
    .insertInto('tracking_webhook_deliveries')
    .values({
      id: crypto.randomUUID(),
      webhook_id: webhook.id,
      event: 'test',
      body: '{"event":"test"}',
      status: 'delivered',
      attempts: 1,
      created_at: now,
    })
    .execute();

  const keyword = crypto.randomUUID();
  const rankCheck = crypto.randomUUID();
  await db
    .insertInto('rank_keywords')
    .values({
      id: keyword,
      workspace_id: userId,
      keyword: 'running shoes',
      domain: 'example.com',
      device: 'mobile',
      country: 'us',
      language: '',
      location: '',
      depth: 100,
      competitors: '[]',
      tags: '[]',
      alerts: '{}',
      next_check_at: now,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('rank_checks')
    .values({
      id: rankCheck,
      keyword_id: keyword,
      checked_at: now,
      state: 'ranked',
      position: 7,
      url: 'https://example.com/shoes',
      provider: 'sandbox',
      depth_reached: 100,
      competitors: '{}',
      features: '[]',
      top_results: '[]',
    })
    .execute();
  // The weekly report chosen, and one sent.
  await expectOk(
    call('PUT', '/reports/weekly/subscription', { weekly: true }, token),
    'weekly report',
  );
  await db
    .insertInto('weekly_reports_sent')
    .values({ workspace_id: userId, week: now.slice(0, 10), sent_at: now, recipients: 1 })
    .execute();

  const user = (await services.users.byId(userId))!;
  // The personal workspace: its id is the user's.
  const site = await services.rumSites.create(
    { id: user.id, planId: user.plan_id },
    { name: 'Seeded site', origins: ['https://seeded.example'], sampleRate: 1 },
    'http://localhost',
  );
  const key = {
    site_id: site.id,
    day: now.slice(0, 10),
    device: 'mobile',
    connection: '4g',
    page_group: '/',
  };
  await db
    .insertInto('rum_counts')
    .values({ ...key, metric: 'LCP', rating: 'good', bucket: 3, count: 2 })
    .execute();
  await db
    .insertInto('rum_targets')
    .values({ ...key, metric: 'LCP', target: 'main > img', count: 2, poor: 0, value_sum: 2400 })
    .execute();

  // A shared workspace of theirs, with an open invitation.
  const team = await services.workspaces.create(user, 'Seeded team');
  await services.workspaceMembers.invite(
    { id: team.id, name: team.name, role: 'owner', personal: false, ownerId: user.id, planId: 4 },
    user,
    { email: `invited-by-${email}`, role: 'viewer' },
    (token) => `http://localhost/invite?token=${token}`,
  );
  // A result page shared from a search in their personal workspace.
  await services.serpShares.add(
    {
      search: {
        searchTerm: `${email} shoes`,
        device: 1,
        google_domain: 'google.com',
        gl: 'us',
        hl: 'en',
      },
      searchedAt: new Date().toISOString(),
      page: { source: 'sandbox', organic_results: [] },
    },
    userId,
  );
  // An API token for it (its making is the first entry of the workspace's audit log after
  // the workspace's own).
  await services.apiTokens.create(userId, {
    name: 'Seeded CI',
    workspaceId: team.id,
    scopes: ['read', 'run'],
  });

  return {
    userId,
    email,
    headers,
    webhookSecret: webhook.secret,
    flowSecret,
    ids: { trackingCheck, rankCheck, speedTest, rumSite: site.id },
  };
}

/** How many rows of each user table belong to the account. */
export async function ownedCounts(
  app: App,
  owner: { id: string; email: string },
): Promise<Record<UserTableName, number>> {
  const counts = {} as Record<UserTableName, number>;
  for (const { table } of USER_TABLES) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
      table,
    )} where ${ownedRows(table, owner)}`.execute(app.services.db.kysely);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}
