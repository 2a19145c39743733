import { findCountry, findLanguage } from '@core/reference';
import type { KeywordAlgorithm } from '@core/schemas/keywords';
import { z } from 'zod';
import type { SuggestionRequest } from './port';

export interface ChatPrompt {
  system: string;
  user: string;
}

/** The JSON shapes the prompts ask for; the adapter validates the answer against them. */
export const categoryAnswerSchema = z.object({
  category: z.string(),
  children: z.array(z.string()),
  siblings: z.array(z.string()),
});
export const keywordsAnswerSchema = z.object({ keywords: z.array(z.string()) });

const SYSTEM =
  'You are a keyword research assistant for search engine optimisation. ' +
  'You reply with one JSON object and nothing else.';

const tasks: Record<KeywordAlgorithm, (seed: string, size: number) => string> = {
  category: (seed, size) =>
    `Seed keyword: ${seed}.\n` +
    "Name the seed's parent category. Then list exactly " +
    `${size} keyword phrases that are children of the seed taken as a category ` +
    `(its subcategories, types or members), and exactly ${size} keyword phrases that are ` +
    'siblings of the seed within its parent category.\n' +
    'Reply as JSON: {"category": "<the seed\'s parent category>", ' +
    '"children": ["..."], "siblings": ["..."]}',
  variation: (seed, size) =>
    `Seed keyword: ${seed}.\n` +
    `List exactly ${size} search phrases people type that contain the seed, ` +
    'with words before or after it.\n' +
    'Reply as JSON: {"keywords": ["..."]}',
  related: (seed, size) =>
    `Seed keyword: ${seed}.\n` +
    `List exactly ${size} keyword phrases for topics semantically related to the seed ` +
    'that do not simply repeat it.\n' +
    'Reply as JSON: {"keywords": ["..."]}',
};

/** The system and user messages of one suggestion request. */
export function buildPrompt(request: SuggestionRequest): ChatPrompt {
  const language = findLanguage(request.language)?.name ?? request.language;
  const market = findCountry(request.country)?.name ?? request.country.toUpperCase();
  const user =
    tasks[request.algorithm](JSON.stringify(request.term), request.size) +
    `\nAnswer in ${language}, for the search market ${market}. ` +
    'Give keyword phrases only: no numbering, no explanations.';
  return { system: SYSTEM, user };
}
