import { RANK_TRACKING_MESSAGES } from '../messages';
import type { RankCheck, RankState } from '../schemas/rank-tracking';

/** How a check's position reads: the figure or words shown, and the longer title under it. */
export interface PositionText {
  /** 'never' before the first check. */
  state: RankState | 'never';
  text: string;
  title: string;
}

/**
 * A check's position as words that never claim more than was read: the number when
 * ranked, "Not in the top N" when every result to the depth was read, "Not in the first N"
 * when the provider ran out of results, '-' when the check failed (its reasons in the title).
 */
export function positionText(check: RankCheck | null): PositionText {
  if (!check) {
    return { state: 'never', text: '-', title: RANK_TRACKING_MESSAGES.notChecked };
  }
  switch (check.state) {
    case 'ranked':
      // A ranked check without its position would be a broken answer: unknown, not zero.
      return {
        state: 'ranked',
        text: check.position === null ? '-' : String(check.position),
        title: check.url ?? '',
      };
    case 'not_in_top': {
      const text = RANK_TRACKING_MESSAGES.notInTop(check.depthReached);
      return { state: 'not_in_top', text, title: text };
    }
    case 'partial':
      return {
        state: 'partial',
        text:
          check.depthReached === 0
            ? RANK_TRACKING_MESSAGES.noResults
            : RANK_TRACKING_MESSAGES.notInFirst(check.depthReached),
        title: check.note ?? RANK_TRACKING_MESSAGES.partial(check.depthReached),
      };
    case 'failed':
      return {
        state: 'failed',
        text: '-',
        title: check.error
          ? `${RANK_TRACKING_MESSAGES.failed} ${check.error}`
          : RANK_TRACKING_MESSAGES.failed,
      };
  }
}

/** A change of position: positions gained are up, lost are down; unknown is '-'. */
export interface ChangeText {
  direction: 'up' | 'down' | 'same' | 'unknown';
  text: string;
  /** For a screen reader, where the arrow says nothing. */
  label: string;
}

export function changeText(change: number | null, days: number): ChangeText {
  const span = days === 1 ? 'a day' : `${days} days`;
  if (change === null) {
    return { direction: 'unknown', text: '-', label: `Change over ${span} unknown` };
  }
  if (change === 0) return { direction: 'same', text: '0', label: `No change over ${span}` };
  const count = Math.abs(change);
  const positions = `${count} ${count === 1 ? 'position' : 'positions'}`;
  return change > 0
    ? { direction: 'up', text: `▲${count}`, label: `Up ${positions} over ${span}` }
    : { direction: 'down', text: `▼${count}`, label: `Down ${positions} over ${span}` };
}
