import { describe, expect, it } from 'vitest';
import { competitorsFound, ctrOf, CTR_CURVE, visibilityOf } from './visibility';

const top = (...domains: string[]) => domains.map((domain, i) => ({ position: i + 1, domain }));

describe('visibility on the click-through curve', () => {
  it('weighs each best position by the curve; past the first page counts nothing', () => {
    expect(ctrOf(1)).toBe(CTR_CURVE.ctr[0]);
    expect(ctrOf(10)).toBe(0.024);
    expect([ctrOf(11), ctrOf(null), ctrOf(0)]).toEqual([0, 0, 0]);
    const keywords = [
      // A host holding two results counts its best once.
      { keyword: 'a', top: top('ours.example', 'rival.example', 'www.ours.example'), volume: 1000 },
      { keyword: 'b', top: top('rival.example', 'other.example'), volume: 200 },
    ];
    const [ours, rival] = visibilityOf(keywords, ['ours.example', 'rival.example'])!;
    // ours: 0.276 of a possible 2 × 0.276; every click: 0.276+0.158+0.11 + 0.276+0.158.
    expect(ours).toEqual({
      domain: 'ours.example',
      visibility: 50,
      shareOfVoice: 28.22,
      inTopTen: 1,
      averagePosition: 1,
      traffic: 276,
    });
    expect(rival).toMatchObject({
      visibility: Number((((0.158 + 0.276) / 0.552) * 100).toFixed(2)),
      inTopTen: 2,
      averagePosition: 1.5,
      traffic: Math.round(1000 * 0.158 + 200 * 0.276),
    });
  });

  it('knows nothing without a known first page, and no traffic without every volume', () => {
    expect(visibilityOf([], ['ours.example'])).toBeNull();
    const [figure] = visibilityOf(
      [{ keyword: 'a', top: top('ours.example'), volume: null }],
      ['ours.example'],
    )!;
    expect(figure!.traffic).toBeNull();
    expect(figure!.visibility).toBe(100);
  });

  it('finds the domains most often in the top ten, the tracked ones left out', () => {
    const found = competitorsFound(
      [
        { keyword: 'a', top: top('ours.example', 'rival.example', 'other.example'), volume: null },
        { keyword: 'b', top: top('other.example', 'rival.example'), volume: null },
        { keyword: 'c', top: top('third.example', 'rival.example'), volume: null },
      ],
      ['www.ours.example'],
      2,
    );
    expect(found.map((f) => [f.domain, f.inTopTen])).toEqual([
      ['rival.example', 3],
      ['other.example', 2],
    ]);
  });
});
