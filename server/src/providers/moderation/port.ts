import type { ContentRank, ModerationSource } from '@core/schemas/keywords';

/** A content check with ranks 0 clean, 1 sensitive, 2 unsafe. */
export interface Moderator {
  /** Which adapter answers, reported to the UI. */
  readonly source: ModerationSource;
  /** The worst rank over all texts; throws ModerationError when the service fails. */
  rank(texts: readonly string[], signal?: AbortSignal): Promise<ContentRank>;
}

export class ModerationError extends Error {}
