import type { z } from 'zod';
import type { filmstripFrameSchema } from '@core/schemas/tracking';
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
 * A representative run loading in one scrolling row, each frame under its time since
 * navigation start (a result stored before times were kept shows its frames alone).
 */
export function TimedFilmstrip({ frames }: { frames: readonly FilmstripFrame[] }) {
  return (
    <div
      className="d-flex gap-1 overflow-auto pb-1"
      data-testid="timed-filmstrip"
      // Scrolls sideways: reachable by keyboard.
      tabIndex={0}
      role="region"
      aria-label="Filmstrip"
    >
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

/**
 * Two runs loading on one time grid, as WebPageTest compares filmstrips: each column is a
 * moment, each row shows what that run had painted by then, so the faster one is visible.
 */
export function AlignedFilmstrips({
  rows,
  missing,
}: {
  rows: readonly { label: string; frames: readonly Frame[] }[];
  /** Why a row may have no frames, said when one has none. */
  missing: string;
}) {
  const span = Math.max(0, ...rows.flatMap((r) => r.frames.map((f) => f.ms)));
  if (rows.some((r) => r.frames.length === 0)) {
    return <p className="small text-muted mb-0">A filmstrip is missing: {missing}</p>;
  }
  const step = stepFor(span);
  const moments = Array.from({ length: Math.floor(span / step) + 1 }, (_, i) => i * step);
  return (
    <div
      className="overflow-auto"
      data-testid="aligned-filmstrips"
      tabIndex={0}
      role="region"
      aria-label="Filmstrips aligned in time"
    >
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
              {moments.map((ms) => {
                const frame = frameAt(row.frames, ms);
                return (
                  <td key={ms} className="px-1">
                    {frame ? (
                      <img
                        src={frame.data}
                        alt={`${row.label} at ${frameTimeText(ms)}`}
                        className="sr-frame-thumb border"
                      />
                    ) : (
                      <span
                        className="sr-frame-thumb d-inline-block border bg-white"
                        role="img"
                        aria-label="Nothing painted yet"
                      />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
