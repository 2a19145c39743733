import type { KeywordSource } from '@core/schemas/keywords';
import { useSiteConfig } from '../../app/site-config';

/** What each source of ideas is good and bad at: the copy says only the one that answers. */
const SOURCE_COPY: Record<KeywordSource, { title: string; pros: string[]; cons: string[] }> = {
  openai: {
    title: 'a language model',
    pros: [
      'Finds ideas a keyword database has never seen.',
      'Understands what a phrase means, not only the words in it.',
      'Answers in many languages.',
    ],
    cons: [
      'It can produce nonsensical or false output: check before you publish.',
      'Answers change from run to run; lower the randomness for steadier lists.',
      'A keyword with no search volume may still be a good topic, or no topic at all.',
    ],
  },
  serp: {
    title: 'the search results',
    pros: [
      'Every idea is one searchers or ranking pages already use, and says where it was found.',
      'Ideas follow what ranks for the seed today, in the seed’s language.',
      'Nothing is invented: a list the results do not fill stays short.',
    ],
    cons: [
      'Ideas reach no further than the first results: a narrow seed gives few.',
      'No parent category is named, so the Category list is often empty.',
      'A keyword with no search volume may still be a good topic, or no topic at all.',
    ],
  },
  wordnet: {
    title: 'WordNet',
    pros: [
      'Works offline, with no search provider or model.',
      'Its relations (broader, narrower, similar terms) are curated by linguists.',
    ],
    cons: [
      'English only, and dictionary words rather than what people search.',
      'Knows no brands, products or new terms.',
    ],
  },
};

/** The page's explanatory copy: what the tool does, and the pros and cons of its source. */
export function KeywordCopy() {
  const sources = useSiteConfig()?.keywordSources;
  const copy = sources ? SOURCE_COPY[sources.suggestions] : null;
  const volumes = sources?.volumes !== 'none';
  return (
    <section className="mt-5 text-body-secondary" aria-labelledby="keyword-copy-title">
      <h2 id="keyword-copy-title" className="h5">
        What this keyword tool does
      </h2>
      <p>
        Enter a seed term and get four lists: <strong>Category</strong> (children of a parent
        category), <strong>Similar</strong> (siblings), <strong>Variation</strong> (phrases that
        contain the seed) and <strong>Related</strong> (semantically related topics)
        {volumes
          ? ', each with its monthly search volume. Search-volume data is sparse outside the USA.'
          : '. Monthly search volumes show once a volume source is configured; until then they read “-”.'}{' '}
        The tool detects the language of your keyword and answers in it.
      </p>
      {copy && (
        <div className="row" data-testid="keyword-source-copy">
          <div className="col-md-6">
            <h3 className="h6">Pros of ideas from {copy.title}</h3>
            <ul>
              {copy.pros.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <div className="col-md-6">
            <h3 className="h6">Cons</h3>
            <ul>
              {copy.cons.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {sources?.suggestions !== 'openai' && (
        <p className="small">
          Without a language model configured, SpeedRank takes keyword ideas from the search results
          themselves: the related searches and questions the search provider returns, and the
          phrases the ranking pages put in their titles and headings, in the seed&apos;s language.
          Each idea says where it was found. WordNet, an English lexical database, answers only a
          seed the results say nothing about, or when no search provider is configured.
        </p>
      )}
    </section>
  );
}
