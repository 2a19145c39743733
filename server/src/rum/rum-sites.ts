import crypto from 'node:crypto';
import { entitlementsOf } from '@core/entitlements';
import { RUM_MESSAGES } from '@core/messages';
import { RUM_ERROR_CODES, type CreateRumSiteBody, type RumSite } from '@core/schemas/rum';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import type { RumSitesTable } from '../db/schema';
import { NotFound, PlanLimit } from '../domain/errors';
import type { Holder } from '../domain/workspace-access';
import { insertUnderLimit } from '../domain/limited-insert';

const siteNotFound = () => new NotFound(RUM_MESSAGES.notFound, RUM_ERROR_CODES.notFound);

/** The one line a site's pages carry: the beacon script, told which site it reports for. */
export const rumSnippet = (appUrl: string, key: string) =>
  `<script src="${appUrl}/rum.js" data-site="${key}" async></script>`;

/**
 * The install's own site (its pages' beacon) has this fixed id, so processes starting at
 * once agree on one row.
 */
export const INSTALL_SITE_ID = '00000000-0000-4000-8000-000000000000';
export const INSTALL_SITE_NAME = 'This install (SpeedRank’s own pages)';

/** Who looks at sites: the workspace, and whether the caller is one of the install's operators. */
export interface RumViewer {
  workspaceId: string;
  operator: boolean;
}

const toSite = (row: RumSitesTable, appUrl: string): RumSite => ({
  id: row.id,
  install: row.workspace_id === null,
  name: row.name,
  key: row.key,
  origins: JSON.parse(row.origins) as string[],
  sampleRate: row.sample_rate,
  snippet: rumSnippet(appUrl, row.key),
  createdAt: row.created_at,
});

/**
 * A workspace's RUM sites, within its plan's number. The count and the insert are one
 * transaction holding the workspace's row, so concurrent requests cannot pass the limit.
 */
export class RumSites {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The viewer's sites, and for an operator the install's own first. */
  async list(viewer: RumViewer, appUrl: string): Promise<RumSite[]> {
    const rows = await this.db.kysely
      .selectFrom('rum_sites')
      .selectAll()
      .where((eb) =>
        viewer.operator
          ? eb.or([eb('workspace_id', '=', viewer.workspaceId), eb('workspace_id', 'is', null)])
          : eb('workspace_id', '=', viewer.workspaceId),
      )
      .orderBy('created_at')
      .execute();
    return rows
      .map((row) => toSite(row, appUrl))
      .sort((a, b) => Number(b.install) - Number(a.install));
  }

  /** The viewer's site of `id` (an operator's may be the install's), or a 404. */
  async visible(viewer: RumViewer, id: string, appUrl: string): Promise<RumSite> {
    const site = (await this.list(viewer, appUrl)).find((one) => one.id === id);
    if (!site) throw siteNotFound();
    return site;
  }

  /** The workspace's own site of `id`, one it may change, or the 404 of one that is not. */
  async own(workspaceId: string, id: string, appUrl: string): Promise<RumSite> {
    const row = await this.db.kysely
      .selectFrom('rum_sites')
      .selectAll()
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (!row) throw siteNotFound();
    return toSite(row, appUrl);
  }

  /**
   * The install's own site, made on first start; its origins follow the public URL (none
   * without one: beacons from the host they were sent to count, see the collector).
   * Returns its key, which the app's pages carry.
   */
  async ensureInstallSite(publicUrl: string | undefined): Promise<string> {
    const origins = JSON.stringify(publicUrl ? [new URL(publicUrl).origin] : []);
    await this.db.kysely
      .insertInto('rum_sites')
      .values({
        id: INSTALL_SITE_ID,
        workspace_id: null,
        name: INSTALL_SITE_NAME,
        key: crypto.randomBytes(16).toString('base64url'),
        origins,
        sample_rate: 1,
        created_at: this.clock.now().toISOString(),
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ origins }))
      .execute();
    const row = await this.db.kysely
      .selectFrom('rum_sites')
      .select('key')
      .where('id', '=', INSTALL_SITE_ID)
      .executeTakeFirstOrThrow();
    return row.key;
  }

  /**
   * Keys of the sites that take beacons from `origin`, most recent first: the sandbox's
   * pages carry each one's snippet.
   */
  async keysForOrigin(origin: string): Promise<string[]> {
    const rows = await this.db.kysely
      .selectFrom('rum_sites')
      .select(['key', 'origins'])
      .where('origins', 'like', `%${new URL(origin).host}%`)
      .orderBy('created_at', 'desc')
      .execute();
    return rows
      .filter((row) => (JSON.parse(row.origins) as string[]).includes(origin))
      .map((row) => row.key);
  }

  async create(holder: Holder, body: CreateRumSiteBody, appUrl: string): Promise<RumSite> {
    const limit = entitlementsOf(holder.planId).rumSiteLimit;
    const row = await insertUnderLimit(this.db, {
      workspaceId: holder.id,
      held: (trx) =>
        trx.selectFrom('rum_sites').select('id').where('workspace_id', '=', holder.id).execute(),
      limit,
      adding: 1,
      overLimit: () =>
        new PlanLimit(RUM_MESSAGES.upgradeForSites(limit), RUM_ERROR_CODES.siteLimit),
      insert: async (trx) => {
        const site: RumSitesTable = {
          id: crypto.randomUUID(),
          workspace_id: holder.id,
          name: body.name,
          key: crypto.randomBytes(16).toString('base64url'),
          origins: JSON.stringify([...new Set(body.origins)]),
          sample_rate: body.sampleRate,
          created_at: this.clock.now().toISOString(),
        };
        await trx.insertInto('rum_sites').values(site).execute();
        return site;
      },
    });
    return toSite(row, appUrl);
  }

  async update(
    workspaceId: string,
    id: string,
    changes: Partial<CreateRumSiteBody>,
    appUrl: string,
  ): Promise<RumSite> {
    await this.own(workspaceId, id, appUrl);
    await this.db.kysely
      .updateTable('rum_sites')
      .set({
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.origins !== undefined && {
          origins: JSON.stringify([...new Set(changes.origins)]),
        }),
        ...(changes.sampleRate !== undefined && { sample_rate: changes.sampleRate }),
      })
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .execute();
    return this.own(workspaceId, id, appUrl);
  }

  /** Removes the site and every count of its beacons (they cascade). */
  async remove(workspaceId: string, id: string): Promise<void> {
    const gone = await this.db.kysely
      .deleteFrom('rum_sites')
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw siteNotFound();
  }
}
