import { describe, expect, it } from 'vitest';
import { crowdHosts, diversifyHosts, REPEAT_DISCOUNT } from './host-crowding';

interface Hit {
  host: string;
  rank: number;
}

const hits = (hosts: string): Hit[] => [...hosts].map((host, rank) => ({ host, rank }));
const crowd = (ranked: Hit[]) => crowdHosts(ranked, (hit) => hit.host);
const hostsOf = (ranked: Hit[]) => ranked.map((hit) => hit.host).join('');
const pagesOf = <T>(ranked: T[]): T[][] =>
  Array.from({ length: Math.ceil(ranked.length / 10) }, (_, i) =>
    ranked.slice(i * 10, i * 10 + 10),
  );

/** A ranking dominated by a few hosts, as BM25 gives for a cluster query (fixed, no Math.random). */
function skewedRanking(length: number, seed: number): Hit[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length }, (_, rank) => {
    const roll = next();
    const host =
      roll < 0.5 ? 'a' : roll < 0.7 ? 'b' : String.fromCharCode(99 + Math.floor(next() * 20));
    return { host, rank };
  });
}

describe('crowdHosts', () => {
  it('moves a host’s third result on a page down to the next page', () => {
    expect(hostsOf(crowd(hits('aaabcdefghijk')))).toBe('aabcdefghiajk');
  });

  it('sets a host’s second result on a page right under its first', () => {
    expect(hostsOf(crowd(hits('abacdefghij')))).toBe('aabcdefghij');
    expect(hostsOf(crowd(hits('abcdefghbcij')))).toBe('abbccdefgh' + 'ij');
  });

  it('keeps seven hosts on a page of ten when the ranking holds them', () => {
    // d's second result would leave room for only two more hosts: it waits for the next page.
    expect(hostsOf(crowd(hits('aabbccddeeffgghhiijj')))).toBe('aabbccdefg' + 'defghhiijj');
    // With fewer than seven hosts, the page shows all of them.
    expect(hostsOf(crowd(hits('aabbccddeeff')))).toBe('aabbccddef' + 'ef');
  });

  it('ends with a short page rather than filling it with a third result of one host', () => {
    expect(hostsOf(crowd(hits('aaaaaaaaaaaab')))).toBe('aab');
    expect(hostsOf(crowd(hits('aaabbb')))).toBe('aabb');
  });

  it('never shows more than two results of a host on a page, keeps each host’s order and drops only what a page could not take', () => {
    for (const seed of [1, 2, 3, 42, 2024]) {
      const ranked = skewedRanking(300, seed);
      const crowded = crowd(ranked);
      const pages = pagesOf(crowded);
      let remaining = [...ranked];
      for (const [i, page] of pages.entries()) {
        if (i < pages.length - 1) expect(page).toHaveLength(10);
        const counts = new Map<string, number>();
        for (const hit of page) counts.set(hit.host, (counts.get(hit.host) ?? 0) + 1);
        expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
        expect(counts.size).toBeGreaterThanOrEqual(
          Math.min(7, new Set(remaining.map((hit) => hit.host)).size),
        );
        // A host's results stand together, hosts in the order of their best result.
        const hosts = page.map((hit) => hit.host).filter((host, j, all) => all[j - 1] !== host);
        expect(new Set(hosts).size).toBe(hosts.length);
        const firsts = hosts.map((host) => page.find((hit) => hit.host === host)!.rank);
        expect(firsts).toEqual([...firsts].sort((x, y) => x - y));
        remaining = remaining.filter((hit) => !page.includes(hit));
      }
      for (const host of new Set(ranked.map((hit) => hit.host))) {
        const ranks = crowded.filter((hit) => hit.host === host).map((hit) => hit.rank);
        expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
      }
      // What is left out belongs to hosts that already fill their two places on the last page.
      const last = pages.at(-1)!;
      expect(last.length).toBeLessThan(10);
      for (const hit of remaining) {
        expect(last.filter((shown) => shown.host === hit.host)).toHaveLength(2);
      }
      expect(crowded[0]).toBe(ranked[0]);
    }
  });

  it('takes other page sizes and limits', () => {
    const crowded = crowdHosts(hits('aabbcd'), (hit) => hit.host, { pageSize: 3, perHost: 1 });
    expect(hostsOf(crowded)).toBe('abcabd');
    const byHosts = (minHosts: number) =>
      hostsOf(crowdHosts(hits('aaabbc'), (hit) => hit.host, { pageSize: 4, minHosts }));
    expect(byHosts(3)).toBe('aabcab');
    expect(byHosts(2)).toBe('aabbac');
    expect(crowd([])).toEqual([]);
  });
});

describe('diversifyHosts', () => {
  const scored = (...hits: [string, number][]) => hits.map(([host, score]) => ({ host, score }));
  const diversify = (hits: { host: string; score: number }[]) =>
    diversifyHosts(
      hits,
      (hit) => hit.host,
      (hit) => hit.score,
    ).map((hit) => `${hit.host}${hit.score}`);

  it('ranks a host’s second result below another host’s close best', () => {
    expect(diversify(scored(['a', 100], ['a', 95], ['b', 90]))).toEqual(['a100', 'b90', 'a95']);
    // A second result far ahead keeps its place.
    expect(diversify(scored(['a', 100], ['a', 95], ['b', 70]))).toEqual(['a100', 'a95', 'b70']);
  });

  it('discounts each further result of a host once more, and keeps ties in order', () => {
    expect(REPEAT_DISCOUNT).toBe(0.8);
    // a's third result counts 0.64 × 100 = 64, below b's second (0.8 × 85 = 68).
    expect(diversify(scored(['a', 100], ['a', 100], ['a', 100], ['b', 85], ['b', 85]))).toEqual([
      'a100',
      'b85',
      'a100',
      'b85',
      'a100',
    ]);
    expect(diversify(scored(['a', 50], ['b', 50], ['c', 50]))).toEqual(['a50', 'b50', 'c50']);
  });
});
