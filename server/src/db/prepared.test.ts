import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { skipsBackend, testDatabaseUrl } from '../../test/backends';
import { createPgDatabase } from '../../test/build-test-app';
import { connectDb, type Db } from './connect';
import { preparedQuery } from './prepared';

describe('preparedQuery', () => {
  let db: Db;
  afterEach(async () => db?.close());

  it('runs the query compiled once with each call’s values, constants kept', async () => {
    db = connectDb({ sqlitePath: ':memory:' });
    await sql`create table usage_counters (subject text, tool text, period text, count integer, primary key (subject, tool, period))`.execute(
      db.kysely,
    );
    const add = preparedQuery(db, (kysely, subject: string, amount: number, limit: number) =>
      kysely
        .insertInto('usage_counters')
        .values({ subject, tool: 'serp', period: '2026-11', count: amount })
        .onConflict((oc) =>
          oc
            .columns(['subject', 'tool', 'period'])
            .doUpdateSet({ count: sql`usage_counters.count + ${amount}` })
            .where(sql<number>`usage_counters.count + ${amount}`, '<=', limit),
        )
        .returning('count'),
    );
    expect(await add('a', 2, 5)).toEqual([{ count: 2 }]);
    expect(await add('a', 3, 5)).toEqual([{ count: 5 }]);
    expect(await add('a', 1, 5)).toEqual([]);
    expect(await add('b', 4, 5)).toEqual([{ count: 4 }]);
    const rows = await db.kysely
      .selectFrom('usage_counters')
      .select(['subject', 'tool', 'count'])
      .orderBy('subject')
      .execute();
    expect(rows).toEqual([
      { subject: 'a', tool: 'serp', count: 5 },
      { subject: 'b', tool: 'serp', count: 4 },
    ]);
  });

  it('refuses a query that does not use an argument as a value', async () => {
    db = connectDb({ sqlitePath: ':memory:' });
    const query = preparedQuery(db, (kysely, subject: string) =>
      kysely.selectFrom('usage_counters').select('count').where('subject', '=', subject.trim()),
    );
    await expect(query(' a ')).rejects.toThrow(/argument 0/);
  });

  it.skipIf(skipsBackend('postgres'))(
    'keeps a statement prepared on PostgreSQL, and runs it again when the table changed',
    async () => {
      const database = await createPgDatabase(testDatabaseUrl!);
      db = connectDb({ databaseUrl: database.url, sqlitePath: ':memory:' });
      try {
        await sql`create table usage_counters (subject text primary key, count integer)`.execute(
          db.kysely,
        );
        await sql`insert into usage_counters values ('a', 1), ('b', 2)`.execute(db.kysely);
        const read = preparedQuery(db, (kysely, subject: string) =>
          kysely.selectFrom('usage_counters').selectAll().where('subject', '=', subject),
        );
        expect(await read('a')).toEqual([{ subject: 'a', count: 1 }]);
        // One query at a time: the pool hands out the same connection again.
        const prepared = await sql<{
          name: string;
        }>`select name from pg_prepared_statements`.execute(db.kysely);
        expect(prepared.rows.map((row) => row.name)).toEqual(['speedrank_prepared_0']);
        expect(await read('b')).toEqual([{ subject: 'b', count: 2 }]);
        await sql`alter table usage_counters add column tool text default 'serp'`.execute(
          db.kysely,
        );
        expect(await read('a')).toEqual([{ subject: 'a', count: 1, tool: 'serp' }]);
        expect(await read('b')).toEqual([{ subject: 'b', count: 2, tool: 'serp' }]);
      } finally {
        await db.close();
        await database.drop();
      }
    },
  );
});
