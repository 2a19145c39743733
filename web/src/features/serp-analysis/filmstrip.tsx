import { frameTimeText, timedFrames, type FilmstripFrame } from '../../components/filmstrip-times';
import type { CardSpeed } from './serp-cards';

/** Frames in a card's preview: the first, the last and three evenly between. */
const PREVIEW_FRAMES = 5;

/** `count` frames spread evenly over the filmstrip, first and last included. */
function spread(frames: readonly FilmstripFrame[], count: number): FilmstripFrame[] {
  if (frames.length <= count) return [...frames];
  return Array.from(
    { length: count },
    (_, i) => frames[Math.round((i * (frames.length - 1)) / (count - 1))]!,
  );
}

/**
 * The card's filmstrip preview (desktop only), a placeholder while the
 * sample runs; each frame's time over its foot, so the card keeps its height. Nothing when
 * the sample failed or has no frames: the card says why.
 */
export function FilmstripPreview({ speed }: { speed: CardSpeed }) {
  if (speed.status === 'loading') {
    return (
      <div
        className="sr-filmstrip placeholder-glow mb-2"
        aria-hidden
        data-testid="filmstrip-skeleton"
      >
        {Array.from({ length: PREVIEW_FRAMES }, (_, i) => (
          <span key={i} className="placeholder sr-filmstrip-frame" />
        ))}
      </div>
    );
  }
  if (speed.status !== 'done' || speed.result.filmstrip.length === 0) return null;
  return (
    // The Filmstrip tab shows the frames to everyone; this glance at them is for the eye.
    <div className="sr-filmstrip mb-2" aria-hidden data-testid="card-filmstrip">
      {spread(timedFrames(speed.result), PREVIEW_FRAMES).map((frame, i) => (
        <figure key={i} className="sr-filmstrip-frame m-0">
          <img src={frame.data} alt="" />
          {frame.ms !== undefined && <figcaption>{frameTimeText(frame.ms)}</figcaption>}
        </figure>
      ))}
    </div>
  );
}
