import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './connect';

describe('the SQLite statement cache', () => {
  let database: SQLite.Database;
  afterEach(() => database?.open && database.close());

  it('reuses an idle statement, and prepares another while one is iterating', () => {
    database = new SQLite(':memory:');
    const cached = withStatementCache(database);
    cached.prepare('create table t (n integer)').run([]);
    for (const n of [1, 2, 3]) cached.prepare('insert into t (n) values (?)').run([n]);
    const select = 'select n from t order by n';
    const first = cached.prepare(select);
    expect(cached.prepare(select)).toBe(first);
    const rows = first.iterate([]);
    rows.next();
    const second = cached.prepare(select);
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    rows.return?.();
    expect(cached.prepare(select)).toBe(first);
  });

  it('keeps the most recently used statements', () => {
    database = new SQLite(':memory:');
    const cached = withStatementCache(database, 2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(a);
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(a);
    expect(cached.prepare('select 2')).not.toBe(b);
  });

  it('reads the schema as it is now after a change', () => {
    database = new SQLite(':memory:');
    const cached = withStatementCache(database);
    cached.prepare('create table t (a integer)').run([]);
    cached.prepare('insert into t (a) values (1)').run([]);
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    cached.prepare('alter table t add column b integer default 2').run([]);
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1, b: 2 }]);
  });
});
