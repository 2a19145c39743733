import crypto from 'node:crypto';
import { z } from 'zod';
import {
  mapFieldData,
  mapLighthouseResult,
  type FieldSource,
  type LighthouseResultLike,
} from '@core/speed';
import { HttpError, HttpTimeoutError, fetchJson } from '../../http/fetch-json';
import { LabRunError, type LabResult, type LabRunRequest, type LabSpeedProvider } from './port';

const responseSchema = z.object({
  lighthouseResult: z.custom<LighthouseResultLike & { runtimeError?: { code: string } }>((v) =>
    Boolean(v && typeof v === 'object'),
  ),
  loadingExperience: z.object({ metrics: z.custom<FieldSource>().optional() }).partial().optional(),
  originLoadingExperience: z
    .object({ metrics: z.custom<FieldSource>().optional() })
    .partial()
    .optional(),
});

/**
 * PageSpeed Insights, called by the server only (the key never reaches the browser).
 * PSI answers a repeated URL from its cache for about a minute, so each sample adds a
 * unique `_sr` query parameter to make it a fresh run.
 */
export class PsiProvider implements LabSpeedProvider {
  readonly source = 'psi' as const;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = 'https://www.googleapis.com',
    private readonly timeoutMs = 300_000,
  ) {}

  async run(request: LabRunRequest): Promise<LabResult> {
    const fresh = new URL(request.url);
    fresh.searchParams.set('_sr', crypto.randomBytes(4).toString('hex'));
    const params = new URLSearchParams({
      url: fresh.toString(),
      category: 'performance',
      strategy: request.strategy,
      key: this.apiKey,
    });
    request.onStage('loading');
    let raw: unknown;
    try {
      raw = await fetchJson(`${this.baseUrl}/pagespeedonline/v5/runPagespeed?${params}`, {
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      if (error instanceof HttpTimeoutError)
        throw new LabRunError('timeout', 'PageSpeed Insights did not answer in time.');
      if (error instanceof HttpError && error.status === 400) {
        throw new LabRunError('bad_url', 'PageSpeed Insights could not load that URL.');
      }
      if (error instanceof HttpError && (error.status === 429 || error.status === 403)) {
        throw new LabRunError(
          'failed',
          'PageSpeed Insights refused the key or its quota is used up.',
        );
      }
      throw new LabRunError('failed', 'PageSpeed Insights failed to measure the page.');
    }
    request.onStage('auditing');
    const data = responseSchema.parse(raw);
    if (data.lighthouseResult.runtimeError) {
      throw new LabRunError(
        'failed',
        `PageSpeed Insights could not measure the page (${data.lighthouseResult.runtimeError.code}).`,
      );
    }
    const mapped = mapLighthouseResult(data.lighthouseResult);
    if (!mapped)
      throw new LabRunError('failed', 'PageSpeed Insights returned no performance score.');
    return {
      ...mapped,
      // Report the URL the user asked for, not the cache-busted one.
      finalUrl: mapped.finalUrl.replace(/[?&]_sr=[0-9a-f]+/, ''),
      source: this.source,
      field: {
        page: mapFieldData(data.loadingExperience?.metrics),
        origin: mapFieldData(data.originLoadingExperience?.metrics),
      },
    };
  }

  async close(): Promise<void> {}
}
