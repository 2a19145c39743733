import { entitlementsOf } from '@core/entitlements';
import { SIGN_IN_MESSAGES, TRACKING_MESSAGES } from '@core/messages';
import { TRACKING_ERROR_CODES, type PatchTrackedPageBody } from '@core/schemas/tracking';
import type { SignIn } from '@core/flows/sign-in';
import type { RunResult } from '@core/speed';
import { Invalid, NotFound } from '../domain/errors';
import { requireSamples, requireSchedule } from '../domain/plan-refusals';
import { vetOrRefuse } from '../domain/url-refusals';
import type { SafeFetchOptions } from '../http/safe-fetch';
import type { Holder } from '../domain/workspace-access';
import type { NewPage, PageRow, TrackedPages as PageStore } from './pages';

/** Another workspace's page is answered as one that does not exist. */
export const pageNotFound = () =>
  new NotFound(TRACKING_MESSAGES.notFound, TRACKING_ERROR_CODES.notFound);
/** A check of another page is no check of this one. */
export const checkNotFound = () =>
  new NotFound(TRACKING_MESSAGES.checkNotFound, TRACKING_ERROR_CODES.checkNotFound);

/**
 * What a workspace may do with tracked pages: its plan's limits (samples, hourly checks,
 * pages) and the SSRF guard's verdict on a URL come before anything is stored, and a
 * refusal is thrown as the domain error the API answers.
 */
export class TrackedPages {
  constructor(
    private readonly pages: PageStore,
    private readonly pageFetch: SafeFetchOptions,
    /** Whether the workspace can make a sign-in: its flow and secrets. */
    private readonly signIns: { check(workspaceId: string, signIn: SignIn): Promise<void> },
    /** What measures speed here: PageSpeed Insights cannot measure signed in. */
    private readonly labSource: RunResult['source'],
  ) {}

  /** Refuses a sign-in this install or the workspace cannot make, before anything is stored. */
  private async requireSignIn(workspaceId: string, signIn: SignIn | null | undefined) {
    if (!signIn) return;
    if (this.labSource === 'psi') throw new Invalid(SIGN_IN_MESSAGES.signInNeedsLocalLab);
    await this.signIns.check(workspaceId, signIn);
  }

  /** The workspace's page of `id`, or the 404 of a page that is not in it. */
  async own(workspaceId: string, id: string): Promise<PageRow> {
    const row = await this.pages.get(workspaceId, id);
    if (!row) throw pageNotFound();
    return row;
  }

  async create(holder: Holder, fields: NewPage): Promise<PageRow> {
    const rules = entitlementsOf(holder.planId);
    requireSamples(rules, fields.samples, 'tracking');
    requireSchedule(rules, fields.schedule);
    // As for speed runs: a private or malformed target is refused before it is stored.
    const url = (await vetOrRefuse(fields.url, this.pageFetch, 'tracking')).toString();
    await this.requireSignIn(holder.id, fields.signIn);
    return this.pages.create(holder.id, holder.planId, { ...fields, url });
  }

  async update(holder: Holder, id: string, changes: PatchTrackedPageBody): Promise<PageRow> {
    const row = await this.own(holder.id, id);
    const rules = entitlementsOf(holder.planId);
    if (changes.samples !== undefined) requireSamples(rules, changes.samples, 'tracking');
    if (changes.schedule !== undefined) requireSchedule(rules, changes.schedule);
    await this.requireSignIn(holder.id, changes.signIn);
    return this.pages.patch(row, changes);
  }
}
