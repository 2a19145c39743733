import { describe, expect, it } from 'vitest';
import { frameTimeText, timedFrames } from './filmstrip-times';

describe('timedFrames', () => {
  it('pairs each frame with its time', () => {
    expect(timedFrames({ filmstrip: ['a', 'b'], filmstripMs: [400, 1250] })).toEqual([
      { data: 'a', ms: 400 },
      { data: 'b', ms: 1250 },
    ]);
    expect(frameTimeText(400)).toBe('0.4 s');
    expect(frameTimeText(1250)).toBe('1.3 s');
  });

  it('gives no times to a result stored without them, or with too few', () => {
    expect(timedFrames({ filmstrip: ['a', 'b'] })).toEqual([{ data: 'a' }, { data: 'b' }]);
    expect(timedFrames({ filmstrip: ['a', 'b'], filmstripMs: [400] })).toEqual([
      { data: 'a' },
      { data: 'b' },
    ]);
  });
});
