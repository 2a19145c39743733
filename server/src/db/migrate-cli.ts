import { loadConfig } from '../config';
import { connectDb } from './connect';
import { migrateToLatest } from './migrate';

const config = loadConfig();
const db = connectDb({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
const applied = await migrateToLatest(db);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
await db.close();
