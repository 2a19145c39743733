import { eld } from 'eld/small';

export interface SeedLanguage {
  /** ISO 639-1 code. */
  language: string;
  from: 'detected' | 'settings';
}

/** Below this many letters (one short word) eld's n-gram scores are noise. */
const MIN_LETTERS = 8;
/**
 * How far a language must score above the settings' language to override it: keywords are
 * two or three words, and 'car insurance quotes' scores French 0.78 to English 0.77.
 */
const MARGIN = 0.05;

/**
 * The seed's language when eld (the 'small' database, ~55 MB) is sure of it, else the
 * keyword settings' language.
 */
export function detectSeedLanguage(text: string, fallback: string): SeedLanguage {
  const settings: SeedLanguage = { language: fallback, from: 'settings' };
  if ((text.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) return settings;
  const result = eld.detect(text);
  if (!result.language || !result.isReliable()) return settings;
  // 'zh-cn' settings compare as 'zh', the code eld answers with.
  const settingsCode = fallback.toLowerCase().split('-')[0]!;
  const scores = result.getScores();
  const lead = (scores[result.language] ?? 0) - (scores[settingsCode] ?? 0);
  if (result.language !== settingsCode && lead < MARGIN) return settings;
  return { language: result.language, from: 'detected' };
}
