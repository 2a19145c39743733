import { MOBILE_BREAKPOINT_PX } from '@core/limits';

/**
 * The prerender (web/src/prerender.tsx) runs where there is no window. It lays pages out as
 * a phone shows them, mobile first; the browser's first render then uses the real width.
 */
export const inBrowser = typeof window !== 'undefined';

/** The largest mobile width: what the prerender assumes the screen is. */
export const PRERENDER_WIDTH_PX = MOBILE_BREAKPOINT_PX;

export function viewportWidth(): number {
  return inBrowser ? window.innerWidth : PRERENDER_WIDTH_PX;
}

/** Whether a `(min-width: Npx)` or `(max-width: Npx)` query holds at the prerender's width. */
export function matchesPrerenderWidth(query: string): boolean {
  const match = /^\((min|max)-width:\s*(\d+)px\)$/.exec(query);
  if (!match) throw new Error(`The prerender cannot answer the media query ${query}`);
  const px = Number(match[2]);
  return match[1] === 'min' ? PRERENDER_WIDTH_PX >= px : PRERENDER_WIDTH_PX <= px;
}
