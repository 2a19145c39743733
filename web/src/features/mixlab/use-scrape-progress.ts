import { useEffect, useState } from 'react';
import { SCRAPE_PROGRESS_DELAYS_MS, SCRAPE_PROGRESS_JUMP_MAX } from '@core/mixlab/limits';

/**
 * The bar shows the completed fraction of listing pages and, while a page is
 * on its way, jumps a random 0–4 % past it at 4, 7 or 10 s. A finished run shows 100.
 */
export function useScrapeProgress(pagesDone: number, totalPages: number, running: boolean) {
  const [jump, setJump] = useState({ at: pagesDone, by: 0 });
  useEffect(() => {
    if (!running) return;
    let timer: number;
    const next = () => {
      const delay =
        SCRAPE_PROGRESS_DELAYS_MS[Math.floor(Math.random() * SCRAPE_PROGRESS_DELAYS_MS.length)]!;
      timer = window.setTimeout(() => {
        setJump({ at: pagesDone, by: Math.random() * SCRAPE_PROGRESS_JUMP_MAX });
        next();
      }, delay);
    };
    next();
    return () => window.clearTimeout(timer);
  }, [running, pagesDone]);

  if (!running) return totalPages > 0 && pagesDone >= totalPages ? 100 : 0;
  const completed = totalPages > 0 ? (pagesDone / totalPages) * 100 : 0;
  const extra = jump.at === pagesDone ? jump.by : 0;
  return Math.min(99, Math.round(completed + extra));
}
