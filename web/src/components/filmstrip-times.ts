import type { RunResult } from '@core/speed';

/** A filmstrip frame, with its time since navigation start when the lab reported it. */
export interface FilmstripFrame {
  data: string;
  ms?: number;
}

/** '0.4 s': a frame's time as filmstrips label it. */
export const frameTimeText = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A result's frames with their times; without times when it has none for every frame. */
export function timedFrames({
  filmstrip,
  filmstripMs,
}: Pick<RunResult, 'filmstrip' | 'filmstripMs'>): FilmstripFrame[] {
  const timed = filmstripMs?.length === filmstrip.length;
  return filmstrip.map((data, i) => (timed ? { data, ms: filmstripMs[i]! } : { data }));
}
