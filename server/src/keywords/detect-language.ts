import { eld } from 'eld/small';

export interface SeedLanguage {
  /** ISO 639-1 code. */
  language: string;
  from: 'detected' | 'settings';
}

/** Languages eld scores this close to its choice are candidates too ("helado" is es or it). */
const CANDIDATE_MARGIN = 0.2;

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

/**
 * The seed's language, checked against what a suggestion source knows: the settings'
 * language when the source knows every word of the seed in it (detection misreads short
 * seeds: 'pasta sauce'); else the detected one, or a language eld scored nearly as high
 * whose words the source knows ('helado casero' reads as Italian, but Spanish pages use it).
 */
export async function chooseSeedLanguage(
  text: string,
  settings: string,
  knowsAllWords: ((text: string, language: string) => Promise<boolean>) | undefined,
): Promise<SeedLanguage> {
  const detected = detectSeedLanguage(text, settings);
  if (!knowsAllWords || detected.from === 'settings') return detected;
  if (await knowsAllWords(text, settings)) return { language: settings, from: 'settings' };
  if (await knowsAllWords(text, detected.language)) return detected;
  const scores = Object.entries(eld.detect(text).getScores()).sort((a, b) => b[1] - a[1]);
  const top = scores[0]?.[1] ?? 0;
  for (const [language, score] of scores) {
    if (top - score > CANDIDATE_MARGIN) break;
    if (language !== detected.language && (await knowsAllWords(text, language)))
      return { language, from: 'detected' };
  }
  return detected;
}
