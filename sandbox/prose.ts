import type { LanguagePack } from './language-packs';
import type { Rng } from './prng';
import type { Topic } from './topics/topic';

export interface Focus {
  phrase: string;
  item: string;
}

/** Writes sentences, paragraphs, headings and titles for one page from its topic's vocabulary. */
export interface Writer {
  readonly topic: Topic;
  readonly pack: LanguagePack;
  readonly focus: Focus;
  fill(template: string, options?: { titleCase?: boolean }): string;
  sentence(): string;
  paragraph(minSentences: number, maxSentences: number): string;
  intro(): string;
  heading(): string;
  title(): string;
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'with',
]);

export function capitalize(text: string): string {
  return text.length === 0 ? text : (text[0] as string).toUpperCase() + text.slice(1);
}

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : capitalize(word)))
    .join(' ');
}

export function createWriter(
  topic: Topic,
  pack: LanguagePack,
  rng: Rng,
  siteName: string,
  focus: Focus,
): Writer {
  const used = new Set<string>();

  const fill = (template: string, options: { titleCase?: boolean } = {}): string => {
    let item = '';
    let adj = '';
    return template.replace(/\{([a-zA-Z0-9]+)\}/g, (_whole, key: string) => {
      const lower = key.toLowerCase();
      let value: string;
      switch (lower) {
        case 'phrase':
          value = focus.phrase;
          break;
        case 'topic':
          value = topic.phrases[0] as string;
          break;
        case 'item':
          item = rng.chance(0.5) ? focus.item : rng.pick(topic.items);
          value = item;
          break;
        case 'item2':
          value = rng.pick(topic.items.filter((candidate) => candidate !== (item || focus.item)));
          break;
        case 'items':
          value = topic.itemNoun[1];
          break;
        case 'adj':
          adj = rng.pick(topic.adjectives);
          value = adj;
          break;
        case 'adj2':
          value = rng.pick(topic.adjectives.filter((candidate) => candidate !== adj));
          break;
        case 'audience':
          value = rng.pick(topic.audiences);
          break;
        case 'n':
          value = String(rng.int(3, 12));
          break;
        case 'pct':
          value = String(rng.int(12, 88));
          break;
        case 'year':
          value = String(rng.int(2019, 2025));
          break;
        case 'site':
          value = siteName;
          break;
        default: {
          const options2 = topic.slots?.[lower];
          if (!options2) throw new Error(`Unknown slot {${key}} in "${template}"`);
          value = rng.pick(options2);
        }
      }
      if (key[0] !== (key[0] as string).toUpperCase()) return value;
      return options.titleCase ? titleCase(value) : capitalize(value);
    });
  };

  // Draws until it finds a sentence the page has not used yet, so pages do not repeat themselves.
  const fresh = (draw: () => string): string => {
    let text = draw();
    for (let attempt = 0; attempt < 6 && used.has(text); attempt += 1) text = draw();
    used.add(text);
    return text;
  };

  const sentence = (): string =>
    fresh(() => fill(rng.chance(0.45) ? rng.pick(topic.facts) : rng.pick(pack.generic)));

  return {
    topic,
    pack,
    focus,
    fill,
    sentence,
    paragraph(minSentences, maxSentences) {
      const count = rng.int(minSentences, maxSentences);
      return Array.from({ length: count }, sentence).join(' ');
    },
    intro: () => fresh(() => fill(rng.pick(topic.intros))),
    heading: () =>
      fresh(() =>
        capitalize(fill(rng.chance(0.75) ? rng.pick(topic.headings) : rng.pick(pack.headings))),
      ),
    title: () => fill(rng.pick(topic.titles), { titleCase: topic.lang === 'en' }),
  };
}
