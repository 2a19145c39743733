import defaultConfig from 'lighthouse/core/config/default-config.js';
import { describe, expect, it } from 'vitest';
import { UNUSED_AUDITS } from './lighthouse-run';

describe("the lab's Lighthouse config", () => {
  const refs = defaultConfig.categories!.performance!.auditRefs;

  it('skips hidden audits of the performance category that no result reads', () => {
    expect(UNUSED_AUDITS).toEqual(
      expect.arrayContaining(['network-requests', 'script-treemap-data', 'final-screenshot']),
    );
  });

  it('keeps every metric, insight and diagnostic, TTI and the filmstrip, and so the score', () => {
    const kept = refs.filter((ref) => !UNUSED_AUDITS.includes(ref.id));
    for (const ref of refs.filter((r) => r.group !== 'hidden'))
      expect(kept.map((k) => k.id)).toContain(ref.id);
    expect(kept.map((ref) => ref.id)).toEqual(
      expect.arrayContaining(['interactive', 'screenshot-thumbnails']),
    );
    // Every weighted audit stays: the score is theirs alone.
    for (const ref of refs.filter((r) => r.weight > 0)) expect(UNUSED_AUDITS).not.toContain(ref.id);
  });
});
