import { describe, expect, it } from 'vitest';
import { TRACKING_MESSAGES } from '@core/messages';
import type { FieldHistoryResponse, FieldHistorySeries } from '@core/schemas/tracking';
import { fieldHistoryNotes, hasFieldValues } from './field-history-notes';
import { periodText } from './tracking-format';

const series = (lcp: (number | null)[]): FieldHistorySeries => ({
  periods: lcp.map(() => ({ firstDate: '2026-10-18', lastDate: '2026-11-14' })),
  p75: { LCP: lcp },
});
const answer = (fields: Partial<FieldHistoryResponse>): FieldHistoryResponse => ({
  source: 'crux',
  configured: true,
  device: 'mobile',
  fetchedAt: '2026-11-22T12:00:00.000Z',
  page: null,
  origin: null,
  ...fields,
});
const { fieldHistoryNotEnough: notEnough, fieldHistoryFailed: failed } = TRACKING_MESSAGES;

describe('fieldHistoryNotes', () => {
  it('says nothing when page and origin both came', () => {
    expect(fieldHistoryNotes(answer({ page: series([1]), origin: series([2]) }))).toEqual([]);
  });

  it('tells which of page and origin has too little data, or both', () => {
    expect(fieldHistoryNotes(answer({ origin: series([2]) }))).toEqual([
      { kind: 'not-enough', text: notEnough.page },
    ]);
    expect(fieldHistoryNotes(answer({ page: series([1]) }))).toEqual([
      { kind: 'not-enough', text: notEnough.origin },
    ]);
    expect(fieldHistoryNotes(answer({}))).toEqual([{ kind: 'not-enough', text: notEnough.both }]);
  });

  it('gives a failure as a failure with its reason, never as too little data', () => {
    expect(fieldHistoryNotes(answer({ page: series([1]), originError: 'answered 429.' }))).toEqual([
      { kind: 'failed', text: failed('origin', 'answered 429.') },
    ]);
    // The page failed, the origin has too little data: both said, each as what it is.
    expect(fieldHistoryNotes(answer({ pageError: 'timed out.' }))).toEqual([
      { kind: 'failed', text: failed('page', 'timed out.') },
      { kind: 'not-enough', text: notEnough.origin },
    ]);
  });
});

describe('hasFieldValues', () => {
  it('is false when every week of the metric is a gap, or the metric is missing', () => {
    const gaps = answer({ page: series([null, null]), origin: series([null]) });
    expect(hasFieldValues(gaps, 'LCP')).toBe(false);
    expect(hasFieldValues(answer({ origin: series([null, 2400]) }), 'LCP')).toBe(true);
    expect(hasFieldValues(answer({ origin: series([2400]) }), 'INP')).toBe(false);
  });
});

describe('periodText', () => {
  it('names the year once, or both years when the period spans two', () => {
    const text = periodText({ firstDate: '2026-10-18', lastDate: '2026-11-14' });
    expect(text).toContain('2026');
    expect(text.indexOf('2026')).toBe(text.lastIndexOf('2026'));
    const across = periodText({ firstDate: '2025-12-28', lastDate: '2026-01-24' });
    expect(across).toContain('2025');
    expect(across).toContain('2026');
  });
});
