import type { TrackingCheckDetail } from '@core/schemas/tracking';

export type FilmstripFrame = TrackingCheckDetail['filmstrip'][number];

/**
 * The representative run's frames as a check stores them: JSON of `{ ms, data }`, each
 * thumbnail with its time since navigation start. Null when there are none, or when the
 * lab gave no times for them (a filmstrip that cannot be lined up with another is not kept).
 */
export function storedFilmstrip(
  filmstrip: readonly string[],
  filmstripMs: readonly number[] | undefined,
): string | null {
  if (filmstrip.length === 0 || filmstripMs?.length !== filmstrip.length) return null;
  const frames: FilmstripFrame[] = filmstrip.map((data, i) => ({ ms: filmstripMs[i]!, data }));
  return JSON.stringify(frames);
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
