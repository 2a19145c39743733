import { sql, type Kysely } from 'kysely';

/**
 * A speed alert per device instead of per page: a page already in regression on mobile
 * never alerted when desktop broke its budgets too, nor could one device's recovery be
 * told from the other's. A page in regression keeps it on the device its latest
 * regression alert named (its first device when that alert was pruned).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const device of ['mobile', 'desktop'] as const) {
    await db.schema
      .alterTable('tracked_pages')
      .addColumn(`${device}_alert_state`, 'varchar(16)', (c) => c.notNull().defaultTo('ok'))
      .execute();
    await sql`update tracked_pages set ${sql.ref(`${device}_alert_state`)} = 'regression'
      where alert_state = 'regression' and coalesce(
        (select a.device from tracking_alerts a
          where a.page_id = tracked_pages.id and a.kind = 'regression'
          order by a.created_at desc limit 1),
        case when devices like 'mobile%' then 'mobile' else 'desktop' end
      ) = ${device}`.execute(db);
  }
  await db.schema.alterTable('tracked_pages').dropColumn('alert_state').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tracked_pages')
    .addColumn('alert_state', 'varchar(16)', (c) => c.notNull().defaultTo('ok'))
    .execute();
  await sql`update tracked_pages set alert_state = 'regression'
    where mobile_alert_state = 'regression' or desktop_alert_state = 'regression'`.execute(db);
  await db.schema.alterTable('tracked_pages').dropColumn('desktop_alert_state').execute();
  await db.schema.alterTable('tracked_pages').dropColumn('mobile_alert_state').execute();
}
