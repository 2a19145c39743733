import type { FilmstripFrame } from './filmstrip-times';
import { FrameFigure } from './run-comparison/timed-filmstrip';

/**
 * Every frame of a page loading, in order (a card's Filmstrip tab), each under its time when
 * the lab reported it.
 */
export function FilmstripFrames({ frames }: { frames: readonly FilmstripFrame[] }) {
  if (frames.length === 0) return <p className="small mt-2 mb-0">Data Unavailable</p>;
  return (
    <div className="sr-filmstrip-all mt-2" data-testid="result-filmstrip">
      {frames.map((frame, i) => (
        <FrameFigure key={i} frame={frame} index={i} count={frames.length} />
      ))}
    </div>
  );
}
