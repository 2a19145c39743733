import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { entitlementsOf } from '@core/entitlements';
import { TRACKING_MESSAGES } from '@core/messages';
import {
  budgetsSchema,
  TRACKING_ERROR_CODES,
  createTrackedPageBodySchema,
  type PatchTrackedPageBody,
  type TrackedPage,
  type TrackingDevice,
} from '@core/schemas/tracking';
import { signInSchema, type SignIn } from '@core/flows/sign-in';
import { budgetCategories } from '@core/budgets/budget';
import {
  inReportOrder,
  optionalCategoriesSchema,
  type OptionalCategory,
} from '@core/lighthouse-categories';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import type { TrackedPagesTable } from '../db/schema';
import { Conflict, PlanLimit } from '../domain/errors';
import { insertUnderLimit } from '../domain/limited-insert';
import { nextSlot } from '../shared/schedule';

export type PageRow = Selectable<TrackedPagesTable>;
export type NewPage = Omit<z.output<typeof createTrackedPageBodySchema>, 'url'> & { url: string };

export function pageDevices(row: Pick<PageRow, 'devices'>): TrackingDevice[] {
  return row.devices.split(',') as TrackingDevice[];
}

export function pageBudgets(row: Pick<PageRow, 'budgets'>) {
  // Budgets are written through the schema; a row it no longer reads has none.
  return budgetsSchema.safeParse(JSON.parse(row.budgets)).data ?? {};
}

/** The Lighthouse categories the page tracks beside performance. */
export function pageCategories(row: Pick<PageRow, 'categories'>): OptionalCategory[] {
  return row.categories === null
    ? []
    : (optionalCategoriesSchema.safeParse(JSON.parse(row.categories)).data ?? []);
}

/** What each check measures beside performance: the tracked categories and those budgeted. */
export function measuredCategories(row: Pick<PageRow, 'categories' | 'budgets'>) {
  const tracked = pageCategories(row);
  return inReportOrder([...new Set([...tracked, ...budgetCategories(pageBudgets(row))])]);
}

/** How the page's checks sign in; null when measured signed out. */
export function pageSignIn(row: Pick<PageRow, 'sign_in'>): SignIn | null {
  return row.sign_in === null
    ? null
    : (signInSchema.safeParse(JSON.parse(row.sign_in)).data ?? null);
}

/** Where each device's speed alert state is kept in the page's row. */
export const ALERT_STATE_COLUMNS = {
  mobile: 'mobile_alert_state',
  desktop: 'desktop_alert_state',
} as const satisfies Record<TrackingDevice, keyof PageRow>;

export function toTrackedPage(row: PageRow): TrackedPage {
  // A device dropped from the page keeps its stored state, but no longer counts.
  const regressed = pageDevices(row).filter(
    (device) => row[ALERT_STATE_COLUMNS[device]] === 'regression',
  );
  return {
    id: row.id,
    url: row.url,
    devices: pageDevices(row),
    schedule: row.schedule,
    samples: row.samples,
    budgets: pageBudgets(row),
    categories: pageCategories(row),
    paused: row.paused === 1,
    alertState: regressed.length > 0 ? 'regression' : 'ok',
    regressedDevices: regressed,
    unreachable: row.unreachable === 1,
    alertAfter: row.alert_after,
    signIn: pageSignIn(row),
    nextCheckAt: row.paused ? null : row.next_due_at,
    createdAt: row.created_at,
  };
}

/** A workspace's tracked pages: created within its plan's limit, read and changed in it only. */
export class TrackedPages {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** TRACKING_SPEEDUP: how many times faster than their names the schedules run. */
    private readonly speedup = 1,
  ) {}

  /**
   * Adds a page, due at once so its first check comes with the scheduler's next tick.
   * The count and the insert are one transaction holding the workspace's row (PostgreSQL;
   * SQLite runs one writer at a time), so concurrent requests cannot pass the limit.
   */
  async create(workspaceId: string, planId: number, fields: NewPage): Promise<PageRow> {
    const now = this.clock.now().toISOString();
    const limit = entitlementsOf(planId).trackedPageLimit;
    return insertUnderLimit(this.db, {
      workspaceId,
      held: (trx) =>
        trx
          .selectFrom('tracked_pages')
          .select(['url'])
          .where('workspace_id', '=', workspaceId)
          .execute(),
      limit,
      adding: 1,
      overLimit: () =>
        new PlanLimit(TRACKING_MESSAGES.upgradeForPages(limit), TRACKING_ERROR_CODES.pageLimit),
      refuseFirst: (owned) => {
        if (owned.some((row) => row.url === fields.url))
          throw new Conflict(TRACKING_MESSAGES.alreadyTracked, TRACKING_ERROR_CODES.alreadyTracked);
      },
      insert: async (trx) => {
        const page: PageRow = {
          id: crypto.randomUUID(),
          workspace_id: workspaceId,
          url: fields.url,
          devices: fields.devices.join(','),
          schedule: fields.schedule,
          samples: fields.samples,
          budgets: JSON.stringify(fields.budgets),
          paused: 0,
          mobile_alert_state: 'ok',
          desktop_alert_state: 'ok',
          alert_after: fields.alertAfter,
          sign_in: fields.signIn === null ? null : JSON.stringify(fields.signIn),
          categories: fields.categories.length
            ? JSON.stringify(inReportOrder(fields.categories))
            : null,
          unreachable: 0,
          next_due_at: now,
          lease_owner: null,
          lease_until: null,
          created_at: now,
          updated_at: now,
        };
        await trx.insertInto('tracked_pages').values(page).execute();
        return page;
      },
    });
  }

  list(workspaceId: string): Promise<PageRow[]> {
    return this.db.kysely
      .selectFrom('tracked_pages')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The page when it is in the workspace; undefined otherwise, so others' pages are a 404. */
  get(workspaceId: string, id: string): Promise<PageRow | undefined> {
    return this.db.kysely
      .selectFrom('tracked_pages')
      .selectAll()
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
  }

  /**
   * Applies an edit. Resuming waits for the page's next slot; a new schedule never puts
   * the next check later than the old one would have come.
   */
  async patch(row: PageRow, body: PatchTrackedPageBody): Promise<PageRow> {
    const now = this.clock.now();
    const schedule = body.schedule ?? row.schedule;
    let nextDue = row.next_due_at;
    if (body.paused === false && row.paused === 1) {
      nextDue = nextSlot(now, row.id, schedule, this.speedup).toISOString();
    } else if (schedule !== row.schedule) {
      const sooner = nextSlot(now, row.id, schedule, this.speedup).toISOString();
      if (sooner < nextDue) nextDue = sooner;
    }
    const changes = {
      ...(body.devices ? { devices: body.devices.join(',') } : {}),
      schedule,
      ...(body.samples !== undefined ? { samples: body.samples } : {}),
      ...(body.budgets ? { budgets: JSON.stringify(body.budgets) } : {}),
      ...(body.categories
        ? {
            categories: body.categories.length
              ? JSON.stringify(inReportOrder(body.categories))
              : null,
          }
        : {}),
      ...(body.alertAfter !== undefined ? { alert_after: body.alertAfter } : {}),
      ...(body.paused !== undefined ? { paused: body.paused ? 1 : 0 } : {}),
      ...(body.signIn !== undefined
        ? { sign_in: body.signIn === null ? null : JSON.stringify(body.signIn) }
        : {}),
      next_due_at: nextDue,
      updated_at: now.toISOString(),
    };
    await this.db.kysely
      .updateTable('tracked_pages')
      .set(changes)
      .where('id', '=', row.id)
      .execute();
    return { ...row, ...changes };
  }

  /** Deletes the page with its checks, samples and alerts (foreign keys cascade). */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    const result = await this.db.kysely
      .deleteFrom('tracked_pages')
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
