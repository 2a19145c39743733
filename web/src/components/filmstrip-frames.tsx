import { frameTimeText, type FilmstripFrame } from './filmstrip-times';

/**
 * Every frame of a page loading, in order (a card's Filmstrip tab), each under its time when
 * the lab reported it.
 */
export function FilmstripFrames({ frames }: { frames: readonly FilmstripFrame[] }) {
  if (frames.length === 0) return <p className="small mt-2 mb-0">Data Unavailable</p>;
  return (
    <div className="sr-filmstrip-all mt-2" data-testid="result-filmstrip">
      {frames.map((frame, i) => (
        <figure key={i} className="mb-0 text-center">
          <img
            src={frame.data}
            alt={
              frame.ms === undefined
                ? `Frame ${i + 1} of ${frames.length}`
                : `The page at ${frameTimeText(frame.ms)}`
            }
          />
          {frame.ms !== undefined && (
            <figcaption className="small text-muted">{frameTimeText(frame.ms)}</figcaption>
          )}
        </figure>
      ))}
    </div>
  );
}
