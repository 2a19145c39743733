import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type RawBuilder } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeOnDatabases, testDatabaseUrl } from '../../../test/backends';
import { createPgDatabase } from '../../../test/build-test-app';
import { connectDb, type Db } from '../connect';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

const BEFORE = '2026-11-27-023-rank-check-notes';

/** The tables whose `user_id` becomes `workspace_id`. */
const OWNED = [
  'tracked_pages',
  'tracking_webhooks',
  'rank_keywords',
  'rum_sites',
  'speed_tests',
  'keyword_settings',
] as const;

/** Every table the seed fills: their counts must survive the rebuilds, children included. */
const SEEDED = [
  'users',
  ...OWNED,
  'tracking_checks',
  'tracking_samples',
  'tracking_alerts',
  'tracking_webhook_deliveries',
  'rank_checks',
  'rum_counts',
  'rum_targets',
  'speed_test_urls',
  'speed_runs',
] as const;

type Row = Record<string, unknown>;

const A = 'user-a';
const B = 'user-b';

describeOnDatabases('the workspaces migration', ({ postgres }) => {
  let db: Db;
  const cleanups: Array<() => Promise<unknown> | unknown> = [];

  const migrator = () =>
    new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
  const query = async (text: RawBuilder<unknown>) => (await text.execute(db.kysely)).rows as Row[];
  const insert = (table: string, row: Row) => {
    const columns = Object.keys(row);
    return query(sql`insert into ${sql.table(table)}
      (${sql.join(columns.map((column) => sql.ref(column)))})
      values (${sql.join(columns.map((column) => row[column]))})`);
  };
  const count = async (table: string) =>
    (await query(sql`select cast(count(*) as integer) as n from ${sql.table(table)}`))[0]!.n;
  const counts = async () => {
    const all: Record<string, unknown> = {};
    for (const table of SEEDED) all[table] = await count(table);
    return all;
  };
  /** The owner column's values by row: `id → owner`, or the owners of keyword_settings. */
  const owners = async (table: (typeof OWNED)[number], column: string) => {
    if (table === 'keyword_settings') {
      const rows = await query(sql`select ${sql.ref(column)} as o from keyword_settings`);
      return rows.map((row) => row.o).sort();
    }
    const rows = await query(sql`select id, ${sql.ref(column)} as o from ${sql.table(table)}`);
    return Object.fromEntries(rows.map((row) => [row.id, row.o]));
  };
  /** Each owned table's rows still belong to A and B by `column`; nulls stay null. */
  const expectEveryOwner = async (column: 'workspace_id' | 'user_id') => {
    const both = (what: string) => ({ [`${A}-${what}`]: A, [`${B}-${what}`]: B });
    expect(await owners('tracked_pages', column)).toEqual(both('page'));
    expect(await owners('tracking_webhooks', column)).toEqual(both('hook'));
    expect(await owners('rank_keywords', column)).toEqual(both('keyword'));
    expect(await owners('rum_sites', column)).toEqual({ ...both('site'), 'install-site': null });
    expect(await owners('speed_tests', column)).toEqual({ ...both('test'), 'visitor-test': null });
    expect(await owners('keyword_settings', column)).toEqual([A, B]);
  };
  const columnsOf = async (table: string) =>
    postgres
      ? (
          await query(sql`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}
            order by ordinal_position`)
        ).map((row) => row.name)
      : (await query(sql`select name from pragma_table_info(${table})`)).map((row) => row.name);
  /** The tables' whole definitions (columns, constraints, indexes), to compare after down(). */
  const definitions = async () => {
    if (!postgres) {
      return query(sql`select type, name, sql from sqlite_master
        where tbl_name in (${sql.join([...OWNED])}) order by name`);
    }
    return [
      ...(await query(sql`select table_name, column_name, data_type, character_maximum_length,
          is_nullable, column_default from information_schema.columns
        where table_schema = current_schema() and table_name in (${sql.join([...OWNED])})
        order by table_name, ordinal_position`)),
      ...(await query(sql`select conrelid::regclass::text as table_name, conname,
          pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid::regclass::text in (${sql.join([...OWNED])}) order by 1, 2`)),
      ...(await query(sql`select tablename, indexname, indexdef from pg_indexes
        where schemaname = current_schema() and tablename in (${sql.join([...OWNED])})
        order by 1, 2`)),
    ];
  };

  /** A user with a row in every table the migration touches, and children under each. */
  async function seedUser(u: string, day: string) {
    const at = `2026-11-${day}T10:00:00.000Z`;
    await insert('users', { id: u, email: `${u}@example.com`, created_at: at, updated_at: at });
    await insert('tracked_pages', {
      id: `${u}-page`,
      user_id: u,
      url: 'https://example.com/',
      devices: 'mobile',
      schedule: 'daily',
      samples: 1,
      budgets: '{}',
      next_due_at: at,
      created_at: at,
      updated_at: at,
    });
    await insert('tracking_checks', {
      id: `${u}-check`,
      page_id: `${u}-page`,
      device: 'mobile',
      trigger: 'manual',
      status: 'done',
      started_at: at,
    });
    await insert('tracking_samples', { check_id: `${u}-check`, sample: 0, source: 'lab' });
    await insert('tracking_alerts', {
      id: `${u}-alert`,
      page_id: `${u}-page`,
      kind: 'regression',
      device: 'mobile',
      reasons: '[]',
      created_at: at,
    });
    await insert('tracking_webhooks', {
      id: `${u}-hook`,
      user_id: u,
      url: 'https://hooks.example.com/',
      secret: 's',
      created_at: at,
    });
    await insert('tracking_webhook_deliveries', {
      id: `${u}-delivery`,
      webhook_id: `${u}-hook`,
      event: 'regression',
      body: '{}',
      status: 'delivered',
      created_at: at,
    });
    await insert('rank_keywords', {
      id: `${u}-keyword`,
      user_id: u,
      keyword: 'ice cream',
      domain: 'example.com',
      device: 'desktop',
      country: 'us',
      language: '',
      location: '',
      depth: 100,
      competitors: '[]',
      tags: '[]',
      alerts: '{}',
      next_check_at: at,
      created_at: at,
    });
    await insert('rank_checks', {
      id: `${u}-rank-check`,
      keyword_id: `${u}-keyword`,
      checked_at: at,
      state: 'found',
      position: 3,
      depth_reached: 100,
      competitors: '{}',
    });
    await seedRumSite(`${u}-site`, u, at);
    await insert('speed_tests', {
      id: `${u}-test`,
      subject: `user:${u}`,
      user_id: u,
      url: 'https://example.com/',
      samples: 1,
      created_at: at,
    });
    await insert('speed_test_urls', {
      test_id: `${u}-test`,
      url: 'https://example.com/',
      runs_left: 0,
      facts_unread: 0,
    });
    await seedSpeedRun(`${u}-run`, `${u}-test`, at);
    await insert('keyword_settings', {
      user_id: u,
      country: 'United States',
      country_code: 'us',
      language: 'en',
      temperature: 0.5,
      algorithm: 'default',
      updated_at: at,
    });
  }
  async function seedRumSite(id: string, user: string | null, at: string) {
    await insert('rum_sites', {
      id,
      user_id: user,
      name: id,
      key: `${id}-key`,
      origins: '[]',
      created_at: at,
    });
    const key = { site_id: id, day: '2026-11-28', device: 'mobile', connection: '4g' };
    await insert('rum_counts', {
      ...key,
      page_group: '/',
      metric: 'LCP',
      rating: 'good',
      bucket: 1,
      count: 2,
    });
    await insert('rum_targets', {
      ...key,
      page_group: '/',
      metric: 'LCP',
      target: 'img',
      count: 2,
      poor: 0,
      value_sum: 1200,
    });
  }
  async function seedSpeedRun(id: string, test: string, at: string) {
    await insert('speed_runs', {
      id,
      test_id: test,
      url: 'https://example.com/',
      strategy: 'mobile',
      sample: 0,
      status: '{}',
      created_at: at,
    });
  }

  let seeded: Record<string, unknown>;
  let before: Row[];

  beforeEach(async () => {
    if (postgres) {
      const database = await createPgDatabase(testDatabaseUrl!);
      cleanups.push(() => database.drop());
      db = connectDb({ databaseUrl: database.url, sqlitePath: '' });
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-workspaces-'));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      db = connectDb({ sqlitePath: path.join(dir, 'speedrank.sqlite') });
    }
    cleanups.push(() => db.close());
    const { error } = await migrator().migrateTo(BEFORE);
    if (error) throw error;
    await seedUser(A, '01');
    await seedUser(B, '02');
    // The install's own RUM site and a visitor's speed test belong to nobody.
    await seedRumSite('install-site', null, '2026-11-03T10:00:00.000Z');
    await insert('speed_tests', {
      id: 'visitor-test',
      subject: 'ip:192.0.2.1',
      user_id: null,
      url: 'https://example.org/',
      samples: 1,
      created_at: '2026-11-03T10:00:00.000Z',
    });
    await seedSpeedRun('visitor-run', 'visitor-test', '2026-11-03T10:00:00.000Z');
    seeded = await counts();
    before = await definitions();
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('gives every account its personal workspace and moves its data there', async () => {
    expect(await migrateToLatest(db)).toContain('2026-11-29-024-workspaces');

    expect(
      await query(sql`select id, name, owner_id, personal, created_at from workspaces order by id`),
    ).toEqual([
      { id: A, name: 'Personal', owner_id: A, personal: 1, created_at: '2026-11-01T10:00:00.000Z' },
      { id: B, name: 'Personal', owner_id: B, personal: 1, created_at: '2026-11-02T10:00:00.000Z' },
    ]);
    expect(
      await query(sql`select workspace_id, user_id, role, created_at from workspace_members
        order by user_id`),
    ).toEqual([
      { workspace_id: A, user_id: A, role: 'owner', created_at: '2026-11-01T10:00:00.000Z' },
      { workspace_id: B, user_id: B, role: 'owner', created_at: '2026-11-02T10:00:00.000Z' },
    ]);
    expect(await counts()).toEqual(seeded);

    for (const table of OWNED) {
      const columns = await columnsOf(table);
      expect(columns, table).toContain('workspace_id');
      expect(columns, table).not.toContain('user_id');
    }
    await expectEveryOwner('workspace_id');

    if (!postgres) {
      expect(await query(sql`pragma foreign_keys`)).toEqual([{ foreign_keys: 1 }]);
      expect(await query(sql`pragma foreign_key_check`)).toEqual([]);
      expect(await query(sql`pragma integrity_check`)).toEqual([{ integrity_check: 'ok' }]);
    }
    // The same indexes as before (names kept), now over workspace_id where they were over
    // user_id.
    const indexes = await query(
      postgres
        ? sql`select indexname as name, indexdef as definition from pg_indexes
            where schemaname = current_schema() and tablename in (${sql.join([...OWNED])})`
        : sql`select name, sql as definition from sqlite_master
            where type = 'index' and tbl_name in (${sql.join([...OWNED])})`,
    );
    const beforeIndexes = before.filter((row) => (postgres ? row.indexname : row.type === 'index'));
    expect(indexes.map((row) => row.name).sort()).toEqual(
      beforeIndexes.map((row) => (postgres ? row.indexname : row.name)).sort(),
    );
    expect(JSON.stringify(indexes)).not.toContain('user_id');
    expect(indexes.find((row) => row.name === 'speed_tests_user_url')?.definition).toMatch(
      /\("?workspace_id"?, "?url"?, "?created_at"?\)/,
    );
  });

  it('keeps the unique constraints and enforces the new foreign keys', async () => {
    await migrateToLatest(db);
    const page = {
      id: 'another-page',
      url: 'https://example.com/',
      devices: 'mobile',
      schedule: 'daily',
      samples: 1,
      budgets: '{}',
      next_due_at: '2026-11-28T10:00:00.000Z',
      created_at: '2026-11-28T10:00:00.000Z',
      updated_at: '2026-11-28T10:00:00.000Z',
    };
    // (workspace_id, url) is still unique; a workspace that does not exist is refused.
    await expect(insert('tracked_pages', { ...page, workspace_id: A })).rejects.toThrow(/unique/i);
    await expect(insert('tracked_pages', { ...page, workspace_id: 'nowhere' })).rejects.toThrow(
      /foreign key/i,
    );
    // A user id that has no workspace is no longer enough either.
    await insert('users', {
      id: 'user-c',
      email: 'c@example.com',
      created_at: page.created_at,
      updated_at: page.created_at,
    });
    await expect(insert('tracked_pages', { ...page, workspace_id: 'user-c' })).rejects.toThrow(
      /foreign key/i,
    );
    await expect(
      insert('keyword_settings', {
        workspace_id: B,
        country: 'x',
        country_code: 'x',
        language: 'x',
        temperature: 0,
        algorithm: 'x',
        updated_at: page.created_at,
      }),
    ).rejects.toThrow(/unique|primary key|duplicate/i);
    await insert('tracked_pages', { ...page, workspace_id: B, url: 'https://example.com/b' });
    await query(sql`update tracked_pages set lease_owner = 'me' where id = 'another-page'`);
  });

  it('deletes a workspace’s data with it, and nothing of another workspace', async () => {
    await migrateToLatest(db);
    await query(sql`delete from workspaces where id = ${A}`);

    const left = await counts();
    for (const table of SEEDED) {
      // One row of A's in each table (users aside: the account stays).
      expect(left[table], table).toBe((seeded[table] as number) - (table === 'users' ? 0 : 1));
    }
    for (const table of ['tracked_pages', 'tracking_webhooks', 'rank_keywords'] as const) {
      expect(Object.values(await owners(table, 'workspace_id')), table).toEqual([B]);
    }
    expect(await owners('rum_sites', 'workspace_id')).toEqual({
      [`${B}-site`]: B,
      'install-site': null,
    });
    expect(await owners('speed_tests', 'workspace_id')).toEqual({
      [`${B}-test`]: B,
      'visitor-test': null,
    });
    expect(await owners('keyword_settings', 'workspace_id')).toEqual([B]);
    expect(await query(sql`select workspace_id from workspace_members`)).toEqual([
      { workspace_id: B },
    ]);
    expect(await query(sql`select check_id from tracking_samples`)).toEqual([
      { check_id: `${B}-check` },
    ]);
  });

  it('deletes an account’s workspace with the account', async () => {
    await migrateToLatest(db);
    await query(sql`delete from users where id = ${A}`);
    expect(await query(sql`select id from workspaces`)).toEqual([{ id: B }]);
    expect(await query(sql`select user_id from workspace_members`)).toEqual([{ user_id: B }]);
    expect(await query(sql`select id from tracked_pages`)).toEqual([{ id: `${B}-page` }]);
    expect(await query(sql`select id from tracking_checks`)).toEqual([{ id: `${B}-check` }]);
    expect(await count('speed_tests')).toBe(2);
  });

  it('goes back down to user_id, dropping the data of shared workspaces', async () => {
    await migrateToLatest(db);
    // A workspace A shares, with a page and a check: they have no user to go back to.
    await insert('workspaces', {
      id: 'shared',
      name: 'Team',
      owner_id: A,
      personal: 0,
      created_at: '2026-11-28T10:00:00.000Z',
    });
    await insert('workspace_members', {
      workspace_id: 'shared',
      user_id: B,
      role: 'member',
      created_at: '2026-11-28T10:00:00.000Z',
    });
    await insert('tracked_pages', {
      id: 'shared-page',
      workspace_id: 'shared',
      url: 'https://example.com/',
      devices: 'mobile',
      schedule: 'daily',
      samples: 1,
      budgets: '{}',
      next_due_at: '2026-11-28T10:00:00.000Z',
      created_at: '2026-11-28T10:00:00.000Z',
      updated_at: '2026-11-28T10:00:00.000Z',
    });
    await insert('tracking_checks', {
      id: 'shared-check',
      page_id: 'shared-page',
      device: 'mobile',
      trigger: 'manual',
      status: 'done',
      started_at: '2026-11-28T10:00:00.000Z',
    });

    const { error, results } = await migrator().migrateTo(BEFORE);
    if (error) throw error;
    // Later migrations go down first; this one last.
    expect(results?.every((r) => r.status === 'Success')).toBe(true);
    expect(results?.at(-1)?.migrationName).toBe('2026-11-29-024-workspaces');

    // The very tables of before, to the text SQLite keeps of them.
    expect(await definitions()).toEqual(before);
    expect(await counts()).toEqual(seeded);
    const tables = postgres
      ? await query(sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_name like 'workspace%'`)
      : await query(sql`select name from sqlite_master where name like 'workspace%'`);
    expect(tables).toEqual([]);
    await expectEveryOwner('user_id');
    if (!postgres) expect(await query(sql`pragma foreign_keys`)).toEqual([{ foreign_keys: 1 }]);

    // The foreign keys point at users again.
    await query(sql`delete from users where id = ${A}`);
    expect(await query(sql`select id from tracked_pages`)).toEqual([{ id: `${B}-page` }]);
    expect(await query(sql`select id from tracking_checks`)).toEqual([{ id: `${B}-check` }]);
    expect(await owners('keyword_settings', 'user_id')).toEqual([B]);

    // And up again.
    await migrateToLatest(db);
    expect(await query(sql`select id from workspaces`)).toEqual([{ id: B }]);
  });

  it.skipIf(postgres)(
    'on SQLite, leaves nothing half-done when a foreign key is broken, and turns them on again',
    async () => {
      // A check of a page that does not exist, slipped in with foreign keys off.
      await query(sql`pragma foreign_keys = off`);
      await insert('tracking_checks', {
        id: 'orphan',
        page_id: 'no-page',
        device: 'mobile',
        trigger: 'manual',
        status: 'done',
        started_at: '2026-11-28T10:00:00.000Z',
      });
      await query(sql`pragma foreign_keys = on`);

      await expect(migrateToLatest(db)).rejects.toThrow(/Foreign keys broken.*tracking_checks/);
      expect(await query(sql`pragma foreign_keys`)).toEqual([{ foreign_keys: 1 }]);
      expect(await definitions()).toEqual(before);
      expect(await query(sql`select name from sqlite_master where name like 'workspace%'`)).toEqual(
        [],
      );
      expect(await count('tracked_pages')).toBe(seeded.tracked_pages);

      // Once the orphan is gone, the migration goes through.
      await query(sql`delete from tracking_checks where id = 'orphan'`);
      await migrateToLatest(db);
      expect(await counts()).toEqual(seeded);
    },
  );
});
