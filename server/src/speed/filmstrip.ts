import type { TrackingCheckDetail } from '@core/schemas/tracking';

export type FilmstripFrame = TrackingCheckDetail['filmstrip'][number];

/**
 * A run's thumbnails with their times since navigation start; null when there are none,
 * or when the lab gave no times for them (a filmstrip that cannot be lined up with
 * another is not shown beside one).
 */
export function timedFrames(
  filmstrip: readonly string[],
  filmstripMs: readonly number[] | undefined,
): FilmstripFrame[] | null {
  if (filmstrip.length === 0 || filmstripMs?.length !== filmstrip.length) return null;
  return filmstrip.map((data, i) => ({ ms: filmstripMs[i]!, data }));
}

/** The representative run's frames as a check stores them: JSON of timedFrames, or null. */
export function storedFilmstrip(
  filmstrip: readonly string[],
  filmstripMs: readonly number[] | undefined,
): string | null {
  const frames = timedFrames(filmstrip, filmstripMs);
  return frames && JSON.stringify(frames);
}

const isFrame = (value: unknown): value is FilmstripFrame =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FilmstripFrame).ms === 'number' &&
  typeof (value as FilmstripFrame).data === 'string';

/**
 * A check's stored frames. Checks stored before frames had times hold bare thumbnails: they
 * read as none, since a time made up for them would misalign a comparison.
 */
export function filmstripFrames(json: string | null): FilmstripFrame[] {
  if (json === null) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter(isFrame) : [];
}
