import { describe, expect, it } from 'vitest';
import type { RankKeyword } from '@core/schemas/rank-tracking';
import {
  daysFromParams,
  filterKeywords,
  filtersFromParams,
  paramsWith,
  withoutPrefill,
} from './rank-filters';
import { sparklinePath } from './rank-sparkline';

const keyword = (over: Partial<RankKeyword>) =>
  ({ tags: [], device: 'desktop', location: null, ...over }) as RankKeyword;

describe('rank filters in the address', () => {
  it('read tag, device and location, leaving out a device the list has not', () => {
    expect(filtersFromParams(new URLSearchParams('tag=brand&device=mobile&location='))).toEqual({
      tag: 'brand',
      device: 'mobile',
      location: '',
    });
    expect(filtersFromParams(new URLSearchParams('device=tablet'))).toEqual({});
  });

  it("leave the device to the add form's prefill while the address carries one", () => {
    const params = new URLSearchParams('keyword=shoes&device=mobile&tag=brand');
    expect(filtersFromParams(params)).toEqual({ tag: 'brand' });
    expect(withoutPrefill(params).toString()).toBe('tag=brand');
  });

  it('pick keywords by a SERP feature the results show or the domain owns; unknown is neither', () => {
    const latest = (features: unknown) => ({ features }) as RankKeyword['latest'];
    const list = [
      keyword({
        id: 'owns',
        domain: 'scoops.example',
        latest: latest([{ kind: 'images', owners: ['www.scoops.example'] }]),
      }),
      keyword({
        id: 'shows',
        domain: 'scoops.example',
        latest: latest([{ kind: 'images', owners: ['rival.example'] }]),
      }),
      keyword({ id: 'unknown', domain: 'scoops.example', latest: latest(null) }),
      keyword({ id: 'never', domain: 'scoops.example', latest: null }),
    ];
    const ids = (query: string) =>
      filterKeywords(list, filtersFromParams(new URLSearchParams(query))).map((k) => k.id);
    expect(ids('feature=images')).toEqual(['owns', 'shows']);
    expect(ids('feature=owned:images')).toEqual(['owns']);
    expect(ids('feature=videos')).toEqual([]);
    // A feature the app does not know is no filter.
    expect(filtersFromParams(new URLSearchParams('feature=owned:carousel'))).toEqual({});
  });

  it('pick the keywords of every filter set; an empty location is the whole country', () => {
    const list = [
      keyword({ id: 'a', tags: ['brand'], device: 'mobile' }),
      keyword({ id: 'b', tags: ['brand'], location: 'Berlin,Germany' }),
      keyword({ id: 'c' }),
    ];
    const ids = (query: string) =>
      filterKeywords(list, filtersFromParams(new URLSearchParams(query))).map((k) => k.id);
    expect(ids('tag=brand')).toEqual(['a', 'b']);
    expect(ids('tag=brand&device=desktop')).toEqual(['b']);
    expect(ids('location=')).toEqual(['a', 'c']);
    expect(ids('')).toEqual(['a', 'b', 'c']);
  });

  it('change one filter and keep the rest; undefined removes it', () => {
    const next = paramsWith(new URLSearchParams('tag=a&device=mobile'), {
      tag: undefined,
      location: 'x',
    });
    expect(next.toString()).toBe('device=mobile&location=x');
  });

  it('read a history window among those offered, else 30 days', () => {
    expect(daysFromParams(new URLSearchParams('days=365'))).toBe(365);
    expect(daysFromParams(new URLSearchParams('days=12'))).toBe(30);
    expect(daysFromParams(new URLSearchParams(''))).toBe(30);
  });
});

describe('sparklinePath', () => {
  it('breaks the line at unknown days and dots a lone day, position 1 on top', () => {
    const { path, dots } = sparklinePath([1, 3, null, 2, null]);
    expect(path.match(/M/g)).toHaveLength(2);
    expect(dots).toHaveLength(1);
    const ys = [...path.matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));
    expect(ys[0]).toBeLessThan(ys[1] ?? 0);
  });

  it('draws nothing when no day has a position', () => {
    expect(sparklinePath([null, null]).path).toBe('');
  });
});
