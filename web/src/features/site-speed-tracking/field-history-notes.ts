import { TRACKING_MESSAGES } from '@core/messages';
import type { FieldHistoryMetric, FieldHistoryResponse } from '@core/schemas/tracking';

export interface FieldHistoryNote {
  kind: 'failed' | 'not-enough';
  text: string;
}

/**
 * What is missing of a configured source's page and origin history, and why: each failed
 * lookup with its reason, then what CrUX has too little data for. Nothing when both came.
 */
export function fieldHistoryNotes(data: FieldHistoryResponse): FieldHistoryNote[] {
  const failed = (['page', 'origin'] as const).flatMap((scope): FieldHistoryNote[] => {
    const reason = scope === 'page' ? data.pageError : data.originError;
    return reason
      ? [{ kind: 'failed', text: TRACKING_MESSAGES.fieldHistoryFailed(scope, reason) }]
      : [];
  });
  const pageShort = !data.page && !data.pageError;
  const originShort = !data.origin && !data.originError;
  const { fieldHistoryNotEnough: notEnough } = TRACKING_MESSAGES;
  const short =
    pageShort && originShort
      ? notEnough.both
      : pageShort
        ? notEnough.page
        : originShort
          ? notEnough.origin
          : null;
  return short ? [...failed, { kind: 'not-enough', text: short }] : failed;
}

/** Whether page or origin has a week of `metric` to chart. */
export const hasFieldValues = (data: FieldHistoryResponse, metric: FieldHistoryMetric) =>
  [data.page, data.origin].some((series) => series?.p75[metric]?.some((value) => value !== null));
