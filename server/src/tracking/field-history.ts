import type { FieldHistoryResponse, TrackingDevice } from '@core/schemas/tracking';
import type { Clock } from '../shared/clock';
import type { CruxTarget } from '../providers/field-data/crux-request';
import type {
  FieldHistoryLookup,
  FieldHistoryProvider,
} from '../providers/field-data/history-port';

/** CrUX's history moves once a week: an answer is good for half a day. */
const TTL_MS = 12 * 3_600_000;
/** Two targets (page, origin) per tracked page and device; the oldest go past this. */
const MAX_ENTRIES = 5000;

interface Fetched extends FieldHistoryLookup {
  at: string;
}

/**
 * Tracked pages' real-user history: the page's and its origin's weekly p75s for one
 * device, each answer kept in this process for TTL_MS per target and form factor. Entries
 * are promises, so views that ask at once share one call; a failed lookup is not kept.
 */
export class FieldHistory {
  private readonly entries = new Map<string, { expires: number; fetched: Promise<Fetched> }>();

  constructor(
    private readonly provider: FieldHistoryProvider,
    private readonly clock: Clock,
  ) {}

  async of(url: string, device: TrackingDevice): Promise<FieldHistoryResponse> {
    if (this.provider.source === 'none') {
      return {
        source: 'crux',
        configured: false,
        device,
        fetchedAt: null,
        page: null,
        origin: null,
      };
    }
    const [page, origin] = await Promise.all([
      this.lookup({ url }, device),
      this.lookup({ origin: new URL(url).origin }, device),
    ]);
    return {
      source: 'crux',
      configured: true,
      device,
      // The older answer: what is shown is no fresher than that.
      fetchedAt: page.at < origin.at ? page.at : origin.at,
      page: page.series,
      origin: origin.series,
      ...(page.error !== null && { pageError: page.error }),
      ...(origin.error !== null && { originError: origin.error }),
    };
  }

  private lookup(target: CruxTarget, device: TrackingDevice): Promise<Fetched> {
    const key = `${'url' in target ? `url ${target.url}` : `origin ${target.origin}`} ${device}`;
    const now = this.clock.now().getTime();
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) return cached.fetched;
    for (const [k, entry] of this.entries) if (entry.expires <= now) this.entries.delete(k);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const fetched = this.provider.history(target, device).then((found) => {
      if (found.error !== null && this.entries.get(key)?.fetched === fetched) {
        this.entries.delete(key);
      }
      return { ...found, at: this.clock.now().toISOString() };
    });
    this.entries.set(key, { expires: now + TTL_MS, fetched });
    return fetched;
  }
}
