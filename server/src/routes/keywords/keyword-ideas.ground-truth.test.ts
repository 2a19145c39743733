import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManifest, type SandboxManifest } from '@sandbox';
import { wordsBySentence } from '../../keywords/ranking-phrases';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { keywordSearch } from '../../../test/keyword-search';

let t: TestApp;
let manifest: SandboxManifest;
beforeAll(async () => {
  t = await buildTestApp();
  manifest = buildManifest({ port: t.config.PORT });
});
afterAll(() => t.close());

/** What the topic's pages say, as runs of words, and its pages' headings. */
function topicText(topic: string, language: string) {
  const sites = new Set(manifest.sites.filter((s) => s.topic === topic).map((s) => s.id));
  const pages = manifest.pages.filter((p) => sites.has(p.site) && p.status === 200);
  const texts = pages.flatMap((p) => [p.title, p.description, p.h1, ...p.h2, p.summary]);
  const runs = texts.flatMap((text) =>
    text ? wordsBySentence(text, language).map((run) => ` ${run.join(' ')} `) : [],
  );
  return { runs, headings: new Set(pages.flatMap((p) => p.h2.map((h) => h.trim()))) };
}

const allTopicPhrases = () =>
  new Set(manifest.topics.flatMap((topic) => topic.phrases.map((p) => p.toLowerCase())));

describe('keyword ideas on the sandbox come from the seed topic’s pages and searches', () => {
  it.each([
    ['dog food', 'en', 'dog-food'],
    ['aftermarket truck parts', 'en', 'truck-parts'],
    ['core web vitals', 'en', 'web-performance'],
    ['florida beaches', 'en', 'florida-travel'],
    ['helado casero', 'es', 'es-helados'],
    ['Hundefutter', 'de', 'de-hundefutter'],
    ['vitesse de chargement', 'fr', 'fr-performance-web'],
    ['praias da Flórida', 'pt', 'pt-viagem-florida'],
  ])('"%s" (%s) → ideas of %s', async (term, language, topic) => {
    const answers = await keywordSearch(t.app, term, language);
    const ideas = answers.flatMap((a) => a.ideas ?? []);
    expect(ideas.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer).toMatchObject({ source: 'serp', language, clusteredBy: 'results' });
    }
    const { runs, headings } = topicText(topic, language);
    const searches = allTopicPhrases();
    const keywords = new Set(ideas.map((i) => i.keyword));
    for (const idea of ideas) {
      const said = ` ${wordsBySentence(idea.keyword, language).flat().join(' ')} `;
      expect(idea.sources.length, idea.keyword).toBeGreaterThan(0);
      if (idea.sources.includes('ranking-pages'))
        expect(
          runs.some((run) => run.includes(said)),
          idea.keyword,
        ).toBe(true);
      if (idea.sources.includes('questions'))
        expect(headings.has(idea.keyword), idea.keyword).toBe(true);
      if (idea.sources.includes('related-searches'))
        expect(searches.has(idea.keyword.toLowerCase()), idea.keyword).toBe(true);
      // A cluster is named by one of the search's own ideas.
      expect(keywords.has(idea.cluster), idea.cluster).toBe(true);
    }
  });
});
