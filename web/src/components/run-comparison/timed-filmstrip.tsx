import type { z } from 'zod';
import type { filmstripFrameSchema } from '@core/schemas/tracking';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media-query';
import { frameTimeText, type FilmstripFrame } from '../filmstrip-times';

type Frame = z.infer<typeof filmstripFrameSchema>;

/** The frame on screen at `ms`: the last one taken by then (none before the first). */
function frameAt(frames: readonly Frame[], ms: number): Frame | null {
  let found: Frame | null = null;
  for (const frame of frames) {
    if (frame.ms > ms) break;
    found = frame;
  }
  return found;
}

/** A step that puts at most about twenty columns over `span` ms. */
function stepFor(span: number): number {
  return [100, 250, 500, 1000, 2000, 5000].find((step) => span / step <= 20) ?? 10_000;
}

/** One frame under its time, when the lab reported it; described by its time for screen readers. */
export function FrameFigure({
  frame,
  index,
  count,
  className = '',
  imageClassName,
}: {
  frame: FilmstripFrame;
  index: number;
  count: number;
  className?: string;
  imageClassName?: string;
}) {
  const time = frame.ms === undefined ? null : frameTimeText(frame.ms);
  return (
    <figure className={`mb-0 text-center ${className}`}>
      <img
        src={frame.data}
        alt={time === null ? `Frame ${index + 1} of ${count}` : `The page at ${time}`}
        className={imageClassName}
      />
      {time !== null && <figcaption className="small text-muted">{time}</figcaption>}
    </figure>
  );
}

/**
 * A representative run loading, each frame under its time since navigation start (a result
 * stored before times were kept shows its frames alone); the frames wrap onto more rows
 * where one row is wider than the screen.
 */
export function TimedFilmstrip({ frames }: { frames: readonly FilmstripFrame[] }) {
  return (
    <div className="d-flex flex-wrap gap-1" data-testid="timed-filmstrip">
      {frames.map((frame, i) => (
        <FrameFigure
          key={i}
          frame={frame}
          index={i}
          count={frames.length}
          imageClassName="sr-frame-thumb border"
        />
      ))}
    </div>
  );
}

/** What `label`'s run had painted at `ms`: its frame, or a blank box before the first. */
function FrameAt({ label, frames, ms }: { label: string; frames: readonly Frame[]; ms: number }) {
  const frame = frameAt(frames, ms);
  return frame ? (
    <img
      src={frame.data}
      alt={`${label} at ${frameTimeText(ms)}`}
      className="sr-frame-thumb border"
    />
  ) : (
    <span
      className="sr-frame-thumb d-inline-block border bg-white"
      role="img"
      aria-label="Nothing painted yet"
    />
  );
}

type FilmstripRow = { label: string; frames: readonly Frame[] };

/** Each run a row, each moment a column: the grid reads left to right, in time. */
function RunsByMoment({ rows, moments }: { rows: readonly FilmstripRow[]; moments: number[] }) {
  return (
    <table className="small">
      <thead>
        <tr>
          <th scope="col" />
          {moments.map((ms) => (
            <th key={ms} scope="col" className="text-center text-muted fw-normal px-1">
              {frameTimeText(ms)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className="pe-2 fw-normal" style={{ minWidth: '5rem' }}>
              {row.label}
            </th>
            {moments.map((ms) => (
              <td key={ms} className="px-1">
                <FrameAt label={row.label} frames={row.frames} ms={ms} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Each moment a row, the runs side by side: on a phone the grid reads downwards, in time. */
function MomentsByRun({ rows, moments }: { rows: readonly FilmstripRow[]; moments: number[] }) {
  return (
    <table className="small">
      <thead>
        <tr>
          <th scope="col" className="text-muted fw-normal pe-2">
            Time
          </th>
          {rows.map((row) => (
            <th key={row.label} scope="col" className="fw-normal px-1">
              {row.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {moments.map((ms) => (
          <tr key={ms}>
            <th scope="row" className="text-muted fw-normal pe-2">
              {frameTimeText(ms)}
            </th>
            {rows.map((row) => (
              <td key={row.label} className="px-1 pb-1">
                <FrameAt label={row.label} frames={row.frames} ms={ms} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Two runs loading on one time grid, as WebPageTest compares filmstrips: at each moment,
 * what each run had painted by then, so the faster one is visible. The moments run across,
 * in a box that scrolls sideways when they are many; on a phone, where a few columns would
 * fill the screen, they run down instead, one for each change on either screen.
 */
export function AlignedFilmstrips({
  rows,
  missing,
}: {
  rows: readonly FilmstripRow[];
  /** Why a row may have no frames, said when one has none. */
  missing: string;
}) {
  const phone = useMediaQuery(MOBILE_QUERY);
  const span = Math.max(0, ...rows.flatMap((r) => r.frames.map((f) => f.ms)));
  if (rows.some((r) => r.frames.length === 0)) {
    return <p className="small text-muted mb-0">A filmstrip is missing: {missing}</p>;
  }
  const step = stepFor(span);
  const moments = Array.from({ length: Math.floor(span / step) + 1 }, (_, i) => i * step);
  if (phone) {
    // A row where neither run's picture changed would repeat the one above: only changes show.
    const shown = (r: FilmstripRow, ms: number) => frameAt(r.frames, ms)?.data;
    const changes = moments.filter(
      (ms, i) => i === 0 || rows.some((r) => shown(r, ms) !== shown(r, moments[i - 1]!)),
    );
    return (
      <div data-testid="aligned-filmstrips">
        <MomentsByRun rows={rows} moments={changes} />
      </div>
    );
  }
  return (
    <div
      className="overflow-auto"
      data-testid="aligned-filmstrips"
      // Scrolls sideways: reachable by keyboard.
      tabIndex={0}
      role="region"
      aria-label="Filmstrips aligned in time"
    >
      <RunsByMoment rows={rows} moments={moments} />
    </div>
  );
}
