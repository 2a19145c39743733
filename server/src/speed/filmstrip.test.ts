import { describe, expect, it } from 'vitest';
import { filmstripFrames, storedFilmstrip } from './filmstrip';

describe('stored filmstrips', () => {
  it('keeps each thumbnail with its time', () => {
    const json = storedFilmstrip(
      ['data:image/jpeg;base64,A', 'data:image/jpeg;base64,B'],
      [300, 600],
    );
    expect(filmstripFrames(json)).toEqual([
      { ms: 300, data: 'data:image/jpeg;base64,A' },
      { ms: 600, data: 'data:image/jpeg;base64,B' },
    ]);
  });

  it('keeps nothing without times, or with times that do not match the thumbnails', () => {
    expect(storedFilmstrip(['data:image/jpeg;base64,A'], undefined)).toBeNull();
    expect(storedFilmstrip(['data:image/jpeg;base64,A'], [300, 600])).toBeNull();
    expect(storedFilmstrip([], [])).toBeNull();
  });

  it('reads checks stored before frames had times as none: no time is made up', () => {
    expect(filmstripFrames(JSON.stringify(['data:image/jpeg;base64,A']))).toEqual([]);
    expect(filmstripFrames(null)).toEqual([]);
  });
});
