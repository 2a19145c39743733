import { sql } from 'kysely';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, expect, it } from 'vitest';
import { ACCOUNT_DATA_MESSAGES, EMAIL_MESSAGES } from '@core/messages';
import { seedAccount, ownedCounts, SEED_PASSWORD } from '../../test/account-seed';
import { describeOnDatabases } from '../../test/backends';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { outboxMessagesTo } from '../../test/outbox';
import { SHARED_TABLES, USER_TABLES } from './user-tables';

const API = '/backend-service/v1';

describeOnDatabases('account data: export and deletion', ({ postgres }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const start = async () => {
    t = await buildTestApp({ postgres });
    return t;
  };

  /** Every table of the database's own catalogue, with its columns. */
  async function catalogue(app: TestApp) {
    const tables = await app.db.kysely.introspection.getTables({ withInternalKyselyTables: true });
    return tables.map((table) => ({ name: table.name, columns: table.columns.map((c) => c.name) }));
  }

  /** The rows of any table whose any column holds `needle` (as text). */
  async function rowsHolding(app: TestApp, needle: string): Promise<string[]> {
    const found: string[] = [];
    for (const table of await catalogue(app)) {
      for (const column of table.columns) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
          table.name,
        )} where cast(${sql.ref(column)} as text) like ${`%${needle}%`}`.execute(app.db.kysely);
        if (Number(rows[0]!.n) > 0) found.push(`${table.name}.${column}`);
      }
    }
    return found;
  }

  it('classifies every table of the catalogue as holding users’ rows or shared', async () => {
    const app = await start();
    const listed = new Set<string>([...USER_TABLES.map((u) => u.table), ...SHARED_TABLES]);
    const unlisted = (await catalogue(app)).map((t) => t.name).filter((name) => !listed.has(name));
    expect(unlisted).toEqual([]);
    // And nothing listed that the schema lacks.
    const present = new Set((await catalogue(app)).map((t) => t.name));
    expect([...listed].filter((name) => !present.has(name))).toEqual([]);
  });

  it('deletes every row of one user, keeps the other’s, ends sessions and emails a confirmation', async () => {
    const app = await start();
    const gone = await seedAccount(app.app, 'leaving.person@example.com');
    const stays = await seedAccount(app.app, 'staying.person@example.com');
    const goneOwner = { id: gone.userId, email: gone.email };
    const staysOwner = { id: stays.userId, email: stays.email };
    // The seed reaches every user table, so the check below covers each of them.
    const before = await ownedCounts(app.app, goneOwner);
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);
    const othersBefore = await ownedCounts(app.app, staysOwner);
    expect(outboxMessagesTo(app.config, gone.email).length).toBeGreaterThan(1);

    const res = await app.app.inject({
      method: 'DELETE',
      url: `${API}/account`,
      headers: gone.headers,
      payload: { password: SEED_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'DELETED', message: ACCOUNT_DATA_MESSAGES.deleted });

    expect(await rowsHolding(app, gone.userId)).toEqual([]);
    expect(await rowsHolding(app, gone.email)).toEqual([]);
    expect(await ownedCounts(app.app, staysOwner)).toEqual(othersBefore);

    const settings = await app.app.inject({
      method: 'GET',
      url: `${API}/settings`,
      headers: gone.headers,
    });
    expect(settings.statusCode).toBe(401);
    const login = await app.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: gone.email, password: SEED_PASSWORD },
    });
    expect(login.statusCode).toBe(404);
    // The outbox kept the sign-in link and the receipt sent before; only the confirmation stays.
    const [confirmation, ...earlier] = outboxMessagesTo(app.config, gone.email);
    expect(earlier).toEqual([]);
    expect(confirmation).toContain(`Subject: ${EMAIL_MESSAGES.accountDeletedSubject}`);
    expect(outboxMessagesTo(app.config, stays.email).length).toBeGreaterThan(0);
    expect(confirmation).toContain('The test payment processor');
  });

  it('exports every kind of data as JSON and CSV, without a credential anywhere', async () => {
    const app = await start();
    const seeded = await seedAccount(app.app, 'exporter@example.com');
    const res = await app.app.inject({
      method: 'GET',
      url: `${API}/account/export`,
      headers: seeded.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="speedrank-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(res.rawPayload))).map(([name, bytes]) => [
        name,
        strFromU8(bytes),
      ]),
    );
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'ci-checks.json',
        'flows.json',
        'mailing.json',
        'payments.json',
        'profile.json',
        'rank-history.csv',
        'rank-keywords.json',
        'rum-counts.csv',
        'rum-sites.json',
        'rum-targets.csv',
        'searches.json',
        'settings.json',
        'speed-tests.json',
        'tracked-page-checks.csv',
        'tracked-page-samples.csv',
        'tracked-pages.json',
        'usage.json',
        'webhooks.json',
        'workspaces.json',
      ].sort(),
    );
    const json = (name: string) => JSON.parse(files[name]!);
    expect(json('profile.json')).toMatchObject({ email: seeded.email, name: 'Seeded Person' });
    expect(json('settings.json').search.search_keyword).toBe(`${seeded.email} shoes`);
    expect(json('settings.json').keywords.country_code).toBe('de');
    expect(json('ci-checks.json')).toEqual([
      expect.objectContaining({ budget: { lcp: 2500 }, ref: null, verdict: null }),
    ]);
    expect(json('flows.json')).toEqual({
      flows: [
        expect.objectContaining({
          name: 'Seeded sign-in',
          steps: expect.arrayContaining([expect.objectContaining({ secret: 'SHOP_PASSWORD' })]),
          runs: [expect.objectContaining({ status: 'error', charged: 2 })],
        }),
      ],
      secrets: [expect.objectContaining({ name: 'SHOP_PASSWORD' })],
    });
    expect(json('workspaces.json').owned).toHaveLength(2);
    expect(json('workspaces.json').owned).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: seeded.userId,
          personal: 1,
          members: [expect.objectContaining({ user_id: seeded.userId, role: 'owner' })],
          // Checked below: entries written in one millisecond come in either order.
          audit: expect.any(Array),
          keywordSettings: expect.objectContaining({ country_code: 'de' }),
        }),
        expect.objectContaining({
          name: 'Seeded team',
          personal: 0,
          keywordSettings: null,
          audit: expect.arrayContaining([
            expect.objectContaining({
              action: 'created',
              subject: 'API token',
              detail: 'Seeded CI (read, run)',
            }),
            expect.objectContaining({ action: 'created', subject: 'workspace' }),
          ]),
        }),
      ]),
    );
    const personal = (
      json('workspaces.json').owned as { personal: number; audit: object[] }[]
    ).find((workspace) => workspace.personal === 1)!;
    // The seed saved its keyword settings, a secret and a flow through the API: the audit
    // hook wrote each.
    expect(personal.audit).toHaveLength(3);
    expect(personal.audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'changed', subject: 'keyword settings' }),
        expect.objectContaining({ action: 'changed', subject: 'secret' }),
        expect.objectContaining({
          action: 'created',
          subject: 'user flow',
          detail: 'Seeded sign-in',
        }),
      ]),
    );
    const [token] = json('workspaces.json').apiTokens;
    expect(token).toMatchObject({ name: 'Seeded CI', scopes: 'read,run' });
    expect(token).not.toHaveProperty('token_hash');
    expect(json('searches.json').searches[0].resultUrls).toEqual(['https://result.example/']);
    expect(json('searches.json').shares[0].value.search.searchTerm).toBe(`${seeded.email} shoes`);
    expect(json('speed-tests.json')[0]).toMatchObject({ id: seeded.ids.speedTest });
    expect(json('speed-tests.json')[0].runs).toHaveLength(1);
    expect(json('tracked-pages.json')[0].alerts).toHaveLength(1);
    expect(files['tracked-page-checks.csv']).toContain(seeded.ids.trackingCheck);
    expect(files['tracked-page-samples.csv']).toContain('1234');
    expect(json('webhooks.json')[0].url).toBe(`https://hooks.example.com/${seeded.userId}`);
    expect(json('webhooks.json')[0].deliveries).toHaveLength(1);
    expect(json('rank-keywords.json')[0].keyword).toBe('running shoes');
    expect(files['rank-history.csv']).toContain(seeded.ids.rankCheck);
    expect(json('rum-sites.json')[0].id).toBe(seeded.ids.rumSite);
    expect(files['rum-counts.csv']).toContain(seeded.ids.rumSite);
    expect(files['rum-targets.csv']).toContain('main > img');
    expect(json('payments.json').subscriptions[0]).toMatchObject({ plan_id: 3, status: 'active' });
    expect(json('payments.json').paymentMethods[0]).toMatchObject({ last4: '4242' });
    expect(json('usage.json').length).toBeGreaterThanOrEqual(2);
    expect(json('mailing.json').emailSubscriptions[0].email).toBe(seeded.email);
    expect(json('mailing.json').demoRequests[0].email).toBe(seeded.email);
    expect(files['README.txt']).toContain('rank-history.csv');

    // No credential in any file, nor in the zip's bytes.
    const held = async (table: string, column: string, owner = 'user_id') => {
      const { rows } = await sql<{ v: string }>`select ${sql.ref(column)} as v from ${sql.table(
        table,
      )} where ${sql.ref(owner)} = ${seeded.userId}`.execute(app.db.kysely);
      return rows.map((row) => row.v);
    };
    const tokens = await held('one_time_tokens', 'token_hash');
    const sessions = await held('sessions', 'id');
    const secrets = [
      ...(await held('users', 'password_hash', 'id')),
      ...tokens,
      ...sessions,
      ...(await held('tracking_webhooks', 'secret', 'workspace_id')),
      ...(await held('workspace_secrets', 'value', 'workspace_id')),
      seeded.webhookSecret,
      seeded.flowSecret,
      seeded.headers.authorization.slice('Bearer '.length),
    ];
    expect(tokens.length).toBeGreaterThan(0);
    expect(sessions.length).toBeGreaterThan(0);
    // The password hash and the sealed secret were found, too.
    expect(secrets.filter(Boolean)).toHaveLength(tokens.length + sessions.length + 6);
    const everything = [res.rawPayload.toString('latin1'), ...Object.values(files)].join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toContain('password_hash');
  });
});
