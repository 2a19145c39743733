import { expect } from 'vitest';
import {
  KEYWORD_ALGORITHMS,
  keywordResponseSchema,
  type KeywordAnswer,
} from '@core/schemas/keywords';
import type { App } from '../src/app';
import { signUp } from './users';

/** A whole keyword search, its three requests as the page sends them, by a paying user. */
export async function keywordSearch(
  app: App,
  term: string,
  language: string,
): Promise<KeywordAnswer[]> {
  const u = await signUp(app, 4);
  const answers: KeywordAnswer[] = [];
  let searchId: string | undefined;
  for (const algorithm of KEYWORD_ALGORITHMS) {
    const res = await app.inject({
      method: 'POST',
      url: '/backend-service/v1/keyword',
      headers: u.headers,
      payload: { term, temp: 0, size: 30, algorithm, language, ...(searchId && { searchId }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const parsed = keywordResponseSchema.parse(res.json());
    searchId = parsed[0]!.searchId;
    answers.push(...parsed);
  }
  return answers;
}
