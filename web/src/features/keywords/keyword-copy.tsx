/** The page's explanatory copy, including the language model's pros and cons. */
export function KeywordCopy() {
  return (
    <section className="mt-5 text-body-secondary" aria-labelledby="keyword-copy-title">
      <h2 id="keyword-copy-title" className="h5">
        What this keyword tool does
      </h2>
      <p>
        Enter a seed term and get four lists: <strong>Category</strong> (children of a parent
        category), <strong>Similar</strong> (siblings), <strong>Variation</strong> (phrases that
        contain the seed) and <strong>Related</strong> (semantically related topics), each with its
        monthly search volume. The tool detects the language of your keyword and answers in it.
        Search-volume data is sparse outside the USA.
      </p>
      <div className="row">
        <div className="col-md-6">
          <h3 className="h6">Pros of a language model</h3>
          <ul>
            <li>Finds ideas a keyword database has never seen.</li>
            <li>Understands what a phrase means, not only the words in it.</li>
            <li>Answers in many languages.</li>
          </ul>
        </div>
        <div className="col-md-6">
          <h3 className="h6">Cons</h3>
          <ul>
            <li>It can produce nonsensical or false output: check before you publish.</li>
            <li>Answers change from run to run; lower the randomness for steadier lists.</li>
            <li>A keyword with no search volume may still be a good topic, or no topic at all.</li>
          </ul>
        </div>
      </div>
      <p className="small">
        Without a language model configured, SpeedRank takes keyword ideas from the search results
        themselves: the related searches and questions the search provider returns, and the phrases
        the ranking pages put in their titles and headings, in the seed&apos;s language. Each idea
        says where it was found. WordNet, an English lexical database, answers only a seed the
        results say nothing about, or when no search provider is configured.
      </p>
    </section>
  );
}
