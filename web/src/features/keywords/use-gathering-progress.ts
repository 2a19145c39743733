import { useEffect, useState } from 'react';
import {
  PROGRESS_FINISH_DELAY_MS,
  PROGRESS_HANG,
  PROGRESS_HOLD,
  PROGRESS_MAX_STEP,
  PROGRESS_STEP_DELAYS_MS,
  type KeywordSize,
} from '@core/keywords/limits';

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * Search progress: real progress (answers received over answers expected) leads;
 * between answers random steps creep on at 4, 7 or 10 s up to 80. When
 * everything has arrived it holds at 99 and shows 100 a second later (`complete`).
 * `run` tells searches apart, so a new one starts from zero.
 */
export function useGatheringProgress(
  run: number,
  phase: 'idle' | 'running' | 'arrived',
  realFraction: number,
  size: KeywordSize,
) {
  const [creep, setCreep] = useState({ run, value: 0 });
  const [completed, setCompleted] = useState<number | null>(null);

  useEffect(() => {
    if (phase !== 'running') return;
    let timer: number;
    const step = () => {
      timer = window.setTimeout(() => {
        const by = 1 + Math.floor(Math.random() * PROGRESS_MAX_STEP[size]);
        setCreep((c) => ({
          run,
          value: Math.min(PROGRESS_HANG, (c.run === run ? c.value : 0) + by),
        }));
        step();
      }, pick(PROGRESS_STEP_DELAYS_MS));
    };
    step();
    return () => window.clearTimeout(timer);
  }, [run, phase, size]);

  useEffect(() => {
    if (phase !== 'arrived') return;
    const timer = window.setTimeout(() => setCompleted(run), PROGRESS_FINISH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [run, phase]);

  const complete = phase === 'arrived' && completed === run;
  if (phase === 'arrived') return { value: complete ? 100 : PROGRESS_HOLD, complete };
  if (phase === 'idle') return { value: 0, complete: false };
  const crept = creep.run === run ? creep.value : 0;
  const real = Math.round(realFraction * PROGRESS_HOLD);
  return { value: Math.min(PROGRESS_HOLD, Math.max(crept, real)), complete: false };
}
