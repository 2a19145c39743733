import type { FastifyBaseLogger } from 'fastify';
import type { WeeklyReport } from '@core/schemas/reports';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { EMAIL_PAGES, emailLinkBase, pageUrl } from '../emails/app-links';
import type { EmailSender } from '../providers/email';
import type { RankTracking } from '../rank-tracking/rank-tracking';
import type { Clock } from '../shared/clock';
import { weeklyReport } from './weekly-report';
import { weeklyReportEmail } from './weekly-report-email';

const DAY_MS = 86_400_000;
/** Reports go out from Monday 06:00 UTC, the week before complete. */
const SEND_HOUR_UTC = 6;

/** The Monday (YYYY-MM-DD) of the last week whose report is due by `now`. */
export function dueWeek(now: Date): string {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let monday = midnight - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  if (now.getTime() < monday + SEND_HOUR_UTC * 3_600_000) monday -= 7 * DAY_MS;
  return new Date(monday).toISOString().slice(0, 10);
}

export interface WeeklyReportsDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'PUBLIC_URL'>;
  rank: RankTracking;
  email: EmailSender;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Workspaces' weekly reports: the report of the last seven days, each member's opt-in to
 * its email (off until they choose it), and the Monday sending. A week's report is claimed
 * by its row in `weekly_reports_sent` before anything is sent, so that processes sharing
 * the database send it once; a workspace without a subscriber is neither built nor sent.
 */
export class WeeklyReports {
  constructor(private readonly deps: WeeklyReportsDeps) {}

  /** The last seven days, today included; or the seven before `endsBefore` (a midnight). */
  build(workspaceId: string, endsBefore?: Date): Promise<WeeklyReport> {
    return weeklyReport(this.deps, workspaceId, endsBefore);
  }

  async subscribed(workspaceId: string, userId: string): Promise<boolean> {
    const row = await this.deps.db.kysely
      .selectFrom('workspace_members')
      .select('weekly_report')
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.weekly_report === 1;
  }

  async subscribe(workspaceId: string, userId: string, weekly: boolean): Promise<boolean> {
    await this.deps.db.kysely
      .updateTable('workspace_members')
      .set({ weekly_report: weekly ? 1 : 0 })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .execute();
    return this.subscribed(workspaceId, userId);
  }

  /** Sends the due week's report of each workspace with a subscriber; how many went. */
  async sendDue(): Promise<number> {
    const { db, clock, config, email, log } = this.deps;
    const week = dueWeek(clock.now());
    const workspaces = await db.kysely
      .selectFrom('workspace_members')
      .select('workspace_id')
      .distinct()
      .where('weekly_report', '=', 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('weekly_reports_sent')
              .select('week')
              .whereRef('weekly_reports_sent.workspace_id', '=', 'workspace_members.workspace_id')
              .where('week', '=', week),
          ),
        ),
      )
      .execute();
    let sent = 0;
    for (const { workspace_id: workspaceId } of workspaces) {
      const claimed = await db.kysely
        .insertInto('weekly_reports_sent')
        .values({
          workspace_id: workspaceId,
          week,
          sent_at: clock.now().toISOString(),
          recipients: 0,
        })
        .onConflict((oc) => oc.columns(['workspace_id', 'week']).doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      const members = await db.kysely
        .selectFrom('workspace_members')
        .innerJoin('users', 'users.id', 'workspace_members.user_id')
        .select(['users.email', 'users.name', 'users.time_zone', 'users.sign_in_origin'])
        .where('workspace_members.workspace_id', '=', workspaceId)
        .where('workspace_members.weekly_report', '=', 1)
        .execute();
      // The calendar week before the Monday it goes out on: Monday to Sunday.
      const report = await this.build(workspaceId, new Date(`${week}T00:00:00.000Z`));
      let recipients = 0;
      for (const member of members) {
        const base = emailLinkBase(config, member.sign_in_origin);
        const link = pageUrl(base, EMAIL_PAGES.report(workspaceId));
        try {
          await email.send(
            weeklyReportEmail(
              report,
              { email: member.email, name: member.name, timeZone: member.time_zone },
              link,
            ),
          );
          recipients++;
        } catch (error) {
          log.error({ err: error, workspaceId }, 'weekly report email failed');
        }
      }
      await db.kysely
        .updateTable('weekly_reports_sent')
        .set({ recipients })
        .where('workspace_id', '=', workspaceId)
        .where('week', '=', week)
        .execute();
      sent++;
    }
    return sent;
  }
}
