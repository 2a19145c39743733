import { describe, expect, it } from 'vitest';
import { chooseSeedLanguage, detectSeedLanguage } from './detect-language';

describe('detectSeedLanguage', () => {
  it.each([
    ['helado de chocolate con fresas', 'es'],
    ['glaces à la vanille maison', 'fr'],
    ['Hundefutter für Welpen', 'de'],
  ])('detects %j as %s', (text, language) => {
    expect(detectSeedLanguage(text, 'en')).toEqual({ language, from: 'detected' });
  });

  it('detects English whatever the settings say', () => {
    expect(detectSeedLanguage('ice cream flavors', 'en')).toEqual({
      language: 'en',
      from: 'detected',
    });
    expect(detectSeedLanguage('ice cream flavors', 'fr')).toEqual({
      language: 'en',
      from: 'detected',
    });
  });

  it('keeps the settings when the text has too few letters to judge', () => {
    expect(detectSeedLanguage('', 'en')).toEqual({ language: 'en', from: 'settings' });
    expect(detectSeedLanguage('12345', 'de')).toEqual({ language: 'de', from: 'settings' });
    expect(detectSeedLanguage('perro', 'en')).toEqual({ language: 'en', from: 'settings' });
  });

  it('keeps the settings when another language only just leads', () => {
    // eld scores this French 0.78, English 0.77.
    expect(detectSeedLanguage('car insurance quotes', 'en')).toEqual({
      language: 'en',
      from: 'settings',
    });
  });

  it('compares a regional settings code by its language', () => {
    expect(detectSeedLanguage('helado de chocolate con fresas', 'es-419')).toEqual({
      language: 'es',
      from: 'detected',
    });
  });
});

describe('the seed language a source knows', () => {
  const knows =
    (words: Record<string, string[]>) =>
    (text: string, language: string): Promise<boolean> =>
      Promise.resolve(text.split(' ').every((w) => words[language]?.includes(w) ?? false));

  it("takes a language scored nearly as high as the detected one when only its pages use the seed's words", async () => {
    const spanish = knows({ es: ['helado', 'casero'] });
    expect(await chooseSeedLanguage('helado casero', 'en', spanish)).toEqual({
      language: 'es',
      from: 'detected',
    });
  });

  it("keeps the settings' language when the source knows the seed in it", async () => {
    const english = knows({ en: ['pasta', 'sauce'] });
    expect(await chooseSeedLanguage('pasta sauce', 'en', english)).toEqual({
      language: 'en',
      from: 'settings',
    });
  });
});
