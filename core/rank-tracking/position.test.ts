import { describe, expect, it } from 'vitest';
import { RANK_TRACKING_MESSAGES } from '../messages';
import type { RankCheck } from '../schemas/rank-tracking';
import { changeText, positionText } from './position';

const check = (over: Partial<RankCheck>): RankCheck => ({
  checkedAt: '2026-11-20T06:00:00.000Z',
  state: 'ranked',
  position: 4,
  url: 'https://example.com/a',
  provider: 'serpapi',
  depthReached: 100,
  competitors: {},
  features: null,
  ...over,
});

describe('positionText', () => {
  it('shows the number of a ranked check, its URL as the title', () => {
    expect(positionText(check({}))).toEqual({
      state: 'ranked',
      text: '4',
      title: 'https://example.com/a',
    });
  });

  it('says "not in the top N" for the depth read, never a number', () => {
    const shown = positionText(
      check({ state: 'not_in_top', position: null, url: null, depthReached: 50 }),
    );
    expect(shown.text).toBe('Not in the top 50');
    expect(shown.state).toBe('not_in_top');
  });

  it('says "not in the first N" for the results a partial check reached, and why', () => {
    const shown = positionText(
      check({ state: 'partial', position: null, url: null, depthReached: 60 }),
    );
    expect(shown.text).toBe('Not in the first 60');
    expect(shown.title).toBe(RANK_TRACKING_MESSAGES.partial(60));
  });

  it('says "No results" for a partial check that read none, with the provider\'s reason', () => {
    const note = RANK_TRACKING_MESSAGES.notCovered(['Ice cream', 'Pickleball']);
    const shown = positionText(
      check({ state: 'partial', position: null, url: null, depthReached: 0, note }),
    );
    expect(shown.text).toBe(RANK_TRACKING_MESSAGES.noResults);
    expect(shown.title).toBe(note);
  });

  it("shows '-' for a failed check, with each provider's error in the title", () => {
    const shown = positionText(
      check({
        state: 'failed',
        position: null,
        url: null,
        provider: 'serper',
        depthReached: 0,
        error: 'serpapi: quota exceeded; serper: timeout',
      }),
    );
    expect(shown.text).toBe('-');
    expect(shown.state).toBe('failed');
    expect(shown.title).toBe(
      `${RANK_TRACKING_MESSAGES.failed} serpapi: quota exceeded; serper: timeout`,
    );
  });

  it("shows '-' before the first check, saying so", () => {
    expect(positionText(null)).toEqual({
      state: 'never',
      text: '-',
      title: RANK_TRACKING_MESSAGES.notChecked,
    });
  });
});

describe('changeText', () => {
  it('reads positions gained as up and lost as down', () => {
    expect(changeText(3, 7)).toEqual({
      direction: 'up',
      text: '▲3',
      label: 'Up 3 positions over 7 days',
    });
    expect(changeText(-1, 1)).toEqual({
      direction: 'down',
      text: '▼1',
      label: 'Down 1 position over a day',
    });
  });

  it("says '-' when a change is unknown, and 0 when there was none", () => {
    expect(changeText(null, 30).text).toBe('-');
    expect(changeText(null, 30).direction).toBe('unknown');
    expect(changeText(0, 30)).toMatchObject({ direction: 'same', text: '0' });
  });
});
