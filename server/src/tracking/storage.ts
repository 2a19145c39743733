import { sql, type RawBuilder } from 'kysely';
import type { TrackingStorage } from '@core/schemas/tracking';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';

/** Bytes a number column takes: a 64-bit value (SQLite's REAL, PostgreSQL's double). */
const NUMBER_BYTES = 8;

/** Each table's text (and JSON) columns, measured in bytes, and how many number columns it has. */
const ROWS = {
  tracking_checks: {
    text: [
      'id',
      'page_id',
      'device',
      'trigger',
      'status',
      'started_at',
      'finished_at',
      'filmstrip',
      'insights',
      'audits',
      'category_scores',
      'field',
      'reasons',
      'error',
      'state',
    ],
    // Seven medians, regression, fingerprint_changed, detailed.
    numbers: 10,
  },
  tracking_samples: {
    text: ['check_id', 'source', 'error', 'error_kind', 'fingerprint'],
    // The sample's number and seven lab metrics.
    numbers: 8,
  },
  tracking_alerts: {
    text: [
      'id',
      'page_id',
      'check_id',
      'kind',
      'device',
      'reasons',
      'created_at',
      'emailed_at',
      'email_error',
    ],
    numbers: 0,
  },
  tracking_webhook_deliveries: {
    text: [
      'id',
      'webhook_id',
      'event',
      'body',
      'status',
      'last_error',
      'created_at',
      'last_attempt_at',
      'next_attempt_at',
      'delivered_at',
    ],
    // attempts, last_status.
    numbers: 2,
  },
} satisfies { [T in keyof Database]?: { text: (keyof Database[T] & string)[]; numbers: number } };

/**
 * The storage a workspace's tracking takes: its pages, their checks, and the bytes of the rows
 * of their checks (filmstrips included), samples, alerts and webhook deliveries — every
 * text or JSON column's length in bytes (octet_length on PostgreSQL, the length of the
 * value as a blob on SQLite) and eight bytes per number column. Indexes and the databases'
 * own per-row overhead are left out: it counts what the workspace's data holds.
 */
export async function trackingStorage(db: Db, workspaceId: string): Promise<TrackingStorage> {
  const bytesOf = (column: string): RawBuilder<number> =>
    db.kind === 'postgres'
      ? sql<number>`coalesce(octet_length(${sql.ref(column)}), 0)`
      : sql<number>`coalesce(length(cast(${sql.ref(column)} as blob)), 0)`;
  const rowBytes = (table: keyof typeof ROWS) =>
    sql<string | number | null>`sum(${sql.join(
      [...ROWS[table].text.map(bytesOf), sql.lit(ROWS[table].numbers * NUMBER_BYTES)],
      sql` + `,
    )})`;
  const pages = db.kysely
    .selectFrom('tracked_pages')
    .select('id')
    .where('workspace_id', '=', workspaceId);
  const checkIds = db.kysely
    .selectFrom('tracking_checks')
    .select('id')
    .where('page_id', 'in', pages);
  const [checks, samples, alerts, deliveries, pageCount] = await Promise.all([
    db.kysely
      .selectFrom('tracking_checks')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('n'),
        rowBytes('tracking_checks').as('bytes'),
      ])
      .where('page_id', 'in', pages)
      .executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom('tracking_samples')
      .select(rowBytes('tracking_samples').as('bytes'))
      .where('check_id', 'in', checkIds)
      .executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom('tracking_alerts')
      .select(rowBytes('tracking_alerts').as('bytes'))
      .where('page_id', 'in', pages)
      .executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom('tracking_webhook_deliveries')
      .select(rowBytes('tracking_webhook_deliveries').as('bytes'))
      .where(
        'webhook_id',
        'in',
        db.kysely
          .selectFrom('tracking_webhooks')
          .select('id')
          .where('workspace_id', '=', workspaceId),
      )
      .executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom('tracked_pages')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    pages: Number(pageCount.n),
    checks: Number(checks.n),
    bytes: [checks, samples, alerts, deliveries].reduce(
      (sum, row) => sum + Number(row.bytes ?? 0),
      0,
    ),
  };
}
