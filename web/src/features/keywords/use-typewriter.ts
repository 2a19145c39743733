import { useEffect, useState } from 'react';
import { TYPEWRITER_EXAMPLES, TYPEWRITER_MS_PER_CHAR } from '@core/keywords/limits';

/** How long a finished example stays before the next one starts typing. */
const HOLD_MS = 1_500;

/** The search box placeholder types itself, 75 ms a character, cycling through six examples. */
export function useTypewriter(active: boolean): string {
  const [text, setText] = useState('');
  useEffect(() => {
    if (!active) return;
    let example = 0;
    let chars = 0;
    let timer: number;
    const tick = () => {
      const full = TYPEWRITER_EXAMPLES[example]!;
      chars += 1;
      setText(full.slice(0, chars));
      if (chars >= full.length) {
        example = (example + 1) % TYPEWRITER_EXAMPLES.length;
        chars = 0;
        timer = window.setTimeout(tick, HOLD_MS);
      } else {
        timer = window.setTimeout(tick, TYPEWRITER_MS_PER_CHAR);
      }
    };
    timer = window.setTimeout(tick, TYPEWRITER_MS_PER_CHAR);
    return () => window.clearTimeout(timer);
  }, [active]);
  return text;
}
