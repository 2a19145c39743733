import type { KeywordIntent } from '@core/schemas/keywords';
import { wordsBySentence } from './ranking-phrases';

/**
 * The words that give an intent away, per language the sandbox web and the tool's users
 * have. A phrase of several words is matched as a run ("near me", "cómo hacer").
 */
const MODIFIERS: Record<string, Partial<Record<KeywordIntent, string[]>>> = {
  en: {
    transactional: [
      'buy',
      'price',
      'prices',
      'cheap',
      'deal',
      'deals',
      'discount',
      'coupon',
      'sale',
      'order',
      'shop',
      'near me',
      'for sale',
      'cost',
    ],
    commercial: [
      'best',
      'top',
      'review',
      'reviews',
      'vs',
      'versus',
      'compare',
      'comparison',
      'alternative',
      'alternatives',
      'brands',
    ],
    informational: [
      'how',
      'what',
      'why',
      'when',
      'where',
      'who',
      'guide',
      'tips',
      'ideas',
      'recipe',
      'recipes',
      'tutorial',
      'meaning',
      'examples',
      'is',
      'are',
      'can',
      'does',
    ],
    navigational: ['login', 'sign in', 'website', 'app', 'official'],
  },
  es: {
    transactional: [
      'comprar',
      'precio',
      'precios',
      'barato',
      'barata',
      'oferta',
      'ofertas',
      'descuento',
      'tienda',
      'cerca de mí',
    ],
    commercial: ['mejor', 'mejores', 'opiniones', 'comparativa', 'versus', 'reseña'],
    informational: [
      'cómo',
      'qué',
      'por qué',
      'cuándo',
      'dónde',
      'guía',
      'consejos',
      'ideas',
      'receta',
      'recetas',
    ],
    navigational: ['iniciar sesión', 'web oficial'],
  },
  de: {
    transactional: [
      'kaufen',
      'preis',
      'preise',
      'günstig',
      'angebot',
      'rabatt',
      'shop',
      'bestellen',
    ],
    commercial: ['beste', 'besten', 'test', 'testsieger', 'vergleich', 'erfahrungen', 'bewertung'],
    informational: [
      'wie',
      'was',
      'warum',
      'wann',
      'wo',
      'ratgeber',
      'tipps',
      'anleitung',
      'rezept',
    ],
    navigational: ['login', 'anmelden', 'offizielle'],
  },
  fr: {
    transactional: [
      'acheter',
      'prix',
      'pas cher',
      'promo',
      'promotion',
      'réduction',
      'boutique',
      'commander',
    ],
    commercial: ['meilleur', 'meilleurs', 'meilleure', 'avis', 'comparatif', 'test'],
    informational: [
      'comment',
      'quoi',
      'pourquoi',
      'quand',
      'où',
      'guide',
      'conseils',
      'idées',
      'recette',
      'comprendre',
    ],
    navigational: ['connexion', 'site officiel'],
  },
  pt: {
    transactional: ['comprar', 'preço', 'preços', 'barato', 'promoção', 'desconto', 'loja'],
    commercial: ['melhor', 'melhores', 'avaliação', 'comparação', 'review'],
    informational: [
      'como',
      'o que',
      'por que',
      'quando',
      'onde',
      'guia',
      'dicas',
      'ideias',
      'receita',
      'roteiro',
    ],
    navigational: ['login', 'entrar', 'site oficial'],
  },
};

/** Most telling first: a "best … price" search is one to buy. */
const ORDER: KeywordIntent[] = ['transactional', 'commercial', 'navigational', 'informational'];

/** What a keyword's own results show, when they were searched. */
export interface IntentEvidence {
  /** Domains of the results: a keyword naming one is navigational. */
  domains: string[];
  /** The results' titles, best first: what the engine thinks the searcher wants. */
  titles?: string[];
  /** Whether the results open with an answer box (a featured snippet). */
  answerBox?: boolean;
}

/** The top results read for their modifiers, and how many must agree. */
const TITLES_READ = 5;
const TITLES_AGREEING = 3;

function modifierIntent(text: string, language: string): KeywordIntent | null {
  const words = ` ${wordsBySentence(text, language).flat().join(' ')} `;
  const modifiers = MODIFIERS[language.slice(0, 2).toLowerCase()] ?? MODIFIERS.en!;
  return (
    ORDER.find((intent) => (modifiers[intent] ?? []).some((m) => words.includes(` ${m} `))) ?? null
  );
}

/**
 * A keyword's intent: from its own modifiers in its language when it has one ("best",
 * "kaufen", "cómo"); navigational when it names a site among its results; else from its
 * results (an answer box means a question is answered; most top titles reviewing or
 * selling say so); a bare topic ("dog food") informational, as most tools call it.
 */
export function keywordIntent(
  keyword: string,
  language: string,
  results: IntentEvidence = { domains: [] },
): KeywordIntent {
  const own = modifierIntent(keyword, language);
  if (own) return own;
  const sites = results.domains.map((d) =>
    d
      .replace(/^www\./, '')
      .split('.')[0]!
      .toLowerCase(),
  );
  if (
    wordsBySentence(keyword, language)
      .flat()
      .some((w) => sites.includes(w))
  )
    return 'navigational';
  if (results.answerBox) return 'informational';
  const votes = new Map<KeywordIntent, number>();
  for (const title of (results.titles ?? []).slice(0, TITLES_READ)) {
    const intent = modifierIntent(title, language);
    if (intent) votes.set(intent, (votes.get(intent) ?? 0) + 1);
  }
  for (const intent of ['transactional', 'commercial'] as const) {
    if ((votes.get(intent) ?? 0) >= TITLES_AGREEING) return intent;
  }
  return 'informational';
}
