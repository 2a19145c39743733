import { describe, expect, it } from 'vitest';
import { LAB_KEYS } from '@core/speed-summary';
import type { LabValues } from '@core/schemas/tracking';
import { judgeStep, type EarlierStep } from './flow-judgement';

/** A timespan's values: TBT alone, the rest unmeasured. */
const tbt = (ms: number): LabValues =>
  ({ ...Object.fromEntries(LAB_KEYS.map((key) => [key, null])), tbt: ms }) as LabValues;
const earlier = (ms: number, regression: boolean | null = false): EarlierStep => ({
  values: tbt(ms),
  fingerprint: null,
  regression,
});
const fast = (n: number) => Array.from({ length: n }, (_, i) => earlier(340 + i * 5));

describe('a flow step judged against its earlier runs', () => {
  it('waits for a full window and a baseline', () => {
    expect(judgeStep({ values: tbt(900), fingerprint: null }, [earlier(900)])).toBeNull();
    expect(
      judgeStep({ values: tbt(900), fingerprint: null }, [earlier(900), earlier(900)]),
    ).toBeNull();
    expect(
      judgeStep({ values: tbt(900), fingerprint: null }, [earlier(900), earlier(900), ...fast(1)]),
    ).not.toBeNull();
  });

  it('is a regression when its last three runs are all slower than the five before', () => {
    const judged = judgeStep({ values: tbt(860), fingerprint: null }, [
      earlier(870),
      earlier(855),
      ...fast(5),
    ]);
    expect(judged?.regression).toBe(true);
    expect(judged?.reasons.map((r) => [r.metric, r.reference, r.value])).toEqual([
      ['tbt', 350, 860],
    ]);
    expect(judged?.reasons[0]?.pValue).toBeLessThan(0.05);
    // One fast run in the window: not sure yet.
    expect(
      judgeStep({ values: tbt(860), fingerprint: null }, [earlier(870), earlier(345), ...fast(5)])
        ?.regression,
    ).toBe(false);
  });

  it('keeps the runs a regression judged with it out of later baselines', () => {
    // Two slow runs that were not yet sure, then two judged regressions: a fourth slow run
    // compares with the fast runs before all of them, and is still a regression.
    const judged = judgeStep({ values: tbt(880), fingerprint: null }, [
      earlier(870, true),
      earlier(860, true),
      earlier(875, false),
      earlier(865, false),
      ...fast(5),
    ]);
    expect(judged?.regression).toBe(true);
    expect(judged?.reasons[0]?.reference).toBe(350);
  });
});
