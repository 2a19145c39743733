import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Workspaces: what belonged to one account now belongs to a workspace, which members share
 * in a role ('owner', 'admin', 'member' or 'viewer') and whose owner's plan it uses. Every
 * account gets a personal workspace whose id is the account's own, so the tables' user ids
 * become workspace ids as they are (and usage counters keyed by user id carry over): the
 * column is renamed `workspace_id` and its foreign key points at `workspaces` instead. A
 * null stays null (the install's own RUM site, a visitor's speed test).
 */

/** The tables whose `user_id` becomes a `workspace_id`; children reference them by name. */
const TABLES = [
  'tracked_pages',
  'tracking_webhooks',
  'rank_keywords',
  'rum_sites',
  'speed_tests',
  'keyword_settings',
] as const;

/** A column renamed, its foreign key moved from one parent's `id` to another's. */
interface Repoint {
  from: string;
  to: string;
  oldParent: string;
  newParent: string;
}

const TO_WORKSPACES: Repoint = {
  from: 'user_id',
  to: 'workspace_id',
  oldParent: 'users',
  newParent: 'workspaces',
};
const TO_USERS: Repoint = {
  from: 'workspace_id',
  to: 'user_id',
  oldParent: 'workspaces',
  newParent: 'users',
};

type RepointTable = (db: Kysely<unknown>, table: string, change: Repoint) => Promise<void>;

export async function up(db: Kysely<unknown>): Promise<void> {
  await withRepoint(db, async (db, repoint) => {
    await db.schema
      .createTable('workspaces')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(80)', (c) => c.notNull())
      // The account whose plan the workspace uses.
      .addColumn('owner_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      // 1 for an account's personal workspace.
      .addColumn('personal', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('workspaces_owner').on('workspaces').column('owner_id').execute();

    await db.schema
      .createTable('workspace_members')
      .addColumn('workspace_id', 'varchar(36)', (c) =>
        c.notNull().references('workspaces.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('workspace_members_user')
      .on('workspace_members')
      .column('user_id')
      .execute();

    await sql`insert into workspaces (id, name, owner_id, personal, created_at)
      select id, 'Personal', id, 1, created_at from users`.execute(db);
    await sql`insert into workspace_members (workspace_id, user_id, role, created_at)
      select id, id, 'owner', created_at from users`.execute(db);

    for (const table of TABLES) await repoint(db, table, TO_WORKSPACES);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A shared workspace's data has no user to go back to: deleting those workspaces cascades
  // to it (checks, samples, runs… too). Done first, while SQLite still enforces foreign keys.
  await sql`delete from workspaces where personal = 0`.execute(db);
  await withRepoint(db, async (db, repoint) => {
    for (const table of TABLES) await repoint(db, table, TO_USERS);
    await db.schema.dropTable('workspace_members').execute();
    await db.schema.dropTable('workspaces').execute();
  });
}

/**
 * Runs `body` with the dialect's way of repointing a table. PostgreSQL migrations already
 * run in a transaction (the Migrator's), and PostgreSQL changes a foreign key in place.
 * SQLite cannot, so its tables are rebuilt, which Kysely's Migrator does not wrap in a
 * transaction: foreign keys go off first (else dropping a parent table would delete its
 * children's rows, and the pragma cannot change inside a transaction), the body runs in one
 * transaction that commits only if no foreign key is left broken, and foreign keys are
 * turned back as they were whatever happens.
 */
async function withRepoint(
  db: Kysely<unknown>,
  body: (db: Kysely<unknown>, repoint: RepointTable) => Promise<void>,
): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return body(db, repointPostgres);
  const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  const enforced = rows[0]?.foreign_keys === 1;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await body(trx, repointSqlite);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) {
        throw new Error(`Foreign keys broken: ${JSON.stringify(broken.rows.slice(0, 5))}`);
      }
    });
  } finally {
    if (enforced) await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** PostgreSQL: renames the column, then replaces its foreign key (found by its column). */
async function repointPostgres(db: Kysely<unknown>, table: string, change: Repoint) {
  const { rows } = await sql<{ name: string }>`select c.conname as name
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.conrelid = to_regclass(${table})
      and c.confrelid = to_regclass(${change.oldParent}) and a.attname = ${change.from}`.execute(
    db,
  );
  if (rows.length !== 1) {
    throw new Error(`${table}.${change.from}: ${rows.length} foreign keys to ${change.oldParent}`);
  }
  await sql`alter table ${sql.table(table)} rename column ${sql.ref(change.from)}
    to ${sql.ref(change.to)}`.execute(db);
  await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(rows[0]!.name)}`.execute(db);
  await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_${change.to}_fkey`)}
    foreign key (${sql.ref(change.to)}) references ${sql.table(change.newParent)} (id)
    on delete cascade`.execute(db);
}

/**
 * SQLite cannot change a column's foreign key in place, so the table is rebuilt from
 * its own CREATE text with the column renamed (in its definition, constraints and indexes)
 * and its `references` changed: create the new table, copy the rows, drop the old one,
 * rename the new one to the old name (so children, which name it, point at it again), and
 * create its indexes again. The text is Kysely's, e.g.
 * `"user_id" varchar(36) not null references "users" ("id") on delete cascade`; any other
 * shape is refused rather than guessed at.
 */
async function repointSqlite(db: Kysely<unknown>, table: string, change: Repoint) {
  const { rows } = await sql<{ type: string; sql: string }>`select type, sql from sqlite_master
    where tbl_name = ${table} and sql is not null`.execute(db);
  const create = rows.find((row) => row.type === 'table')?.sql ?? '';
  const indexes = rows.filter((row) => row.type === 'index').map((row) => row.sql);
  if (rows.some((row) => row.type !== 'table' && row.type !== 'index')) {
    throw new Error(`${table} has triggers or views, which this rebuild does not carry over`);
  }
  const head = `CREATE TABLE "${table}" (`;
  const reference = new RegExp(`("${change.from}" [^,]*?references )"${change.oldParent}" `);
  if (!create.startsWith(head) || !reference.test(create)) {
    throw new Error(`Unexpected CREATE text of ${table}: ${create}`);
  }
  const renamed = (text: string) => text.replaceAll(`"${change.from}"`, `"${change.to}"`);
  const temporary = `${table}_new`;
  const created = renamed(
    `CREATE TABLE "${temporary}" (${create.slice(head.length)}`.replace(
      reference,
      `$1"${change.newParent}" `,
    ),
  );
  await sql.raw(created).execute(db);
  await sql`insert into ${sql.table(temporary)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(temporary)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes) await sql.raw(renamed(index)).execute(db);
}
