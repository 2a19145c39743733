export type AffixMode = 'append' | 'prepend';

/**
 * Append/prepend: every original keyword with the term (lower case) added at the end or the
 * start. Working from the originals replaces any earlier term.
 */
export function applyAffix(originals: readonly string[], term: string, mode: AffixMode): string[] {
  const affix = term.trim().toLowerCase();
  if (!affix) return [...originals];
  return originals.map((k) => (mode === 'append' ? `${k} ${affix}` : `${affix} ${k}`));
}
