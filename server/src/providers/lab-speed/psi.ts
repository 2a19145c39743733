import crypto from 'node:crypto';
import { z } from 'zod';
import { SOURCE_CATEGORIES, type Categories } from '@core/lighthouse-categories';
import { SIGN_IN_MESSAGES } from '@core/messages';
import {
  labEnvironmentOf,
  mapFieldData,
  mapLighthouseResult,
  type FieldSource,
  type InsightItem,
  type LighthouseEnvironmentLike,
  type LighthouseResultLike,
} from '@core/speed';
import { HttpError, HttpTimeoutError, fetchJson } from '../../http/fetch-json';
import { FetchRefused, vetHost, type SafeFetchOptions } from '../../http/safe-fetch';
import type { TokenBucket } from './token-bucket';
import { lighthouseErrorKind } from './lighthouse-errors';
import { LabRunError, type LabResult, type LabRunRequest, type LabSpeedProvider } from './port';

const loadingExperience = z
  .object({ metrics: z.custom<FieldSource>().optional() })
  .partial()
  .optional();

const responseSchema = z.object({
  lighthouseResult: z.custom<
    LighthouseResultLike &
      LighthouseEnvironmentLike & { runtimeError?: { code: string; message?: string } }
  >((v) => Boolean(v && typeof v === 'object')),
  loadingExperience,
  originLoadingExperience: loadingExperience,
  analysisUTCTimestamp: z.string().optional(),
});

/** A URL as the user asked for it, without the sample's cache-busting parameter. */
const unbusted = (url: string) => url.replace(/[?&]_sr=[0-9a-f]+/, '');

/** Google's error envelope: `{"error": {"code", "message", "status"}}`. */
const errorBodySchema = z.object({ error: z.object({ message: z.string() }) });

/**
 * A failed PSI call in PSI's own words. Lighthouse failures PSI reports ('Lighthouse
 * returned error: ERRORED_DOCUMENT_REQUEST …') keep their kind; the rest (quota, key,
 * PSI's 5xx) are the provider's.
 */
function psiFailure(error: unknown): LabRunError {
  if (error instanceof HttpTimeoutError)
    return new LabRunError('timeout', 'PageSpeed Insights did not answer in time.');
  if (!(error instanceof HttpError)) {
    const detail = error instanceof Error ? error.message : String(error);
    return new LabRunError('provider', `PageSpeed Insights could not be reached (${detail}).`);
  }
  const body = errorBodySchema.safeParse(error.body);
  const said = body.success ? body.data.error.message : `HTTP ${error.status}`;
  const code = /Lighthouse returned error: ([A-Z_]+)/.exec(said)?.[1];
  return new LabRunError(
    code ? lighthouseErrorKind(code) : 'provider',
    `PageSpeed Insights answered ${error.status}: ${said}`,
  );
}

/**
 * PageSpeed Insights, called by the server only (the key never reaches the browser).
 * PSI answers a repeated URL from its cache for about a minute, so each sample adds a
 * unique `_sr` query parameter to make it a fresh run. Its loadingExperience comes back
 * as field data with source 'psi'.
 */
export class PsiProvider implements LabSpeedProvider {
  readonly source = 'psi' as const;
  /** Calls under way, for each run's fingerprint (PSI's machines are Google's, not ours). */
  private running = 0;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = 'https://www.googleapis.com',
    private readonly timeoutMs = 300_000,
    /** The page fetcher's guard, whose allowed private targets PSI cannot reach. */
    private readonly guard?: SafeFetchOptions,
    /** PSI's per-minute quota, kept by this process (each worker keeps its own share). */
    private readonly bucket?: TokenBucket,
  ) {}

  /**
   * PSI loads pages from Google's servers: a private target the operator allows
   * (FETCH_ALLOW_HOSTS) is out of its reach, so say so instead of relaying Google's DNS error.
   */
  private async refuseAllowedPrivate(url: string): Promise<void> {
    if (!this.guard?.allow || this.guard.allow.isEmpty) return;
    const refused = await vetHost(new URL(url), { ...this.guard, allow: undefined }).then(
      () => null,
      (error: unknown) => error,
    );
    if (refused instanceof FetchRefused && refused.reason === 'blocked_address') {
      throw new LabRunError(
        'unreachable',
        "PageSpeed Insights measures pages from Google's servers, which cannot reach this private address.",
      );
    }
  }

  readiness() {
    return { ready: true, message: null };
  }

  async run(request: LabRunRequest): Promise<LabResult> {
    // PSI loads the page from Google's servers, without the session.
    if (request.session) throw new LabRunError('other', SIGN_IN_MESSAGES.signInNeedsLocalLab);
    this.running++;
    try {
      return await this.measure(request, this.running);
    } finally {
      this.running--;
    }
  }

  private async measure(request: LabRunRequest, concurrency: number): Promise<LabResult> {
    await this.refuseAllowedPrivate(request.url);
    await this.bucket?.take(request.signal);
    const fresh = new URL(request.url);
    fresh.searchParams.set('_sr', crypto.randomBytes(4).toString('hex'));
    const params = new URLSearchParams({
      url: fresh.toString(),
      category: 'performance',
      strategy: request.strategy,
      key: this.apiKey,
    });
    for (const id of request.categories ?? [])
      if (SOURCE_CATEGORIES.psi.includes(id))
        params.append('category', id.toUpperCase().replace('-', '_'));
    request.onStage('loading');
    let raw: unknown;
    try {
      raw = await fetchJson(`${this.baseUrl}/pagespeedonline/v5/runPagespeed?${params}`, {
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      throw psiFailure(error);
    }
    request.onStage('auditing');
    const parsed = responseSchema.safeParse(raw);
    if (!parsed.success)
      throw new LabRunError('provider', 'PageSpeed Insights answered in an unknown shape.');
    const data = parsed.data;
    const runtimeError = data.lighthouseResult.runtimeError;
    if (runtimeError) {
      throw new LabRunError(
        lighthouseErrorKind(runtimeError.code),
        `PageSpeed Insights could not measure the page: ${runtimeError.message ?? runtimeError.code}`,
      );
    }
    const mapped = mapLighthouseResult(data.lighthouseResult);
    if (!mapped)
      throw new LabRunError('provider', 'PageSpeed Insights returned no performance score.');
    // Report the URL the user asked for, not the cache-busted one, in the audits' rows too.
    const unbustedRows = <T extends { items: InsightItem[] }>(audit: T): T => ({
      ...audit,
      items: audit.items.map((item) => ({
        ...item,
        label: unbusted(item.label),
        ...(item.url && { url: unbusted(item.url) }),
      })),
    });
    const insights = mapped.insights?.map(unbustedRows);
    const categories =
      mapped.categories &&
      (Object.fromEntries(
        Object.entries(mapped.categories).map(([key, category]) => [
          key,
          { ...category, audits: category.audits.map(unbustedRows) },
        ]),
      ) as Categories);
    return {
      ...mapped,
      finalUrl: unbusted(mapped.finalUrl),
      ...(insights && { insights }),
      ...(categories && { categories }),
      source: this.source,
      environment: labEnvironmentOf(data.lighthouseResult, concurrency),
      // Lighthouse's own time of the load; PSI's time of the answer otherwise.
      measuredAt:
        data.lighthouseResult.fetchTime ?? data.analysisUTCTimestamp ?? new Date().toISOString(),
      field: {
        page: mapFieldData(data.loadingExperience?.metrics),
        origin: mapFieldData(data.originLoadingExperience?.metrics),
        source: 'psi',
        error: null,
      },
    };
  }

  async close(): Promise<void> {}
}
