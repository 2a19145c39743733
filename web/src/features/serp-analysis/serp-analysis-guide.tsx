interface Question {
  question: string;
  answer: string;
}

/**
 * What ranking is known to depend on, said no stronger than the search engines say it:
 * relevance first, the rest as signals whose weights are not published.
 */
const RANKING_QUESTIONS: readonly Question[] = [
  {
    question: 'What decides which pages rank first?',
    answer:
      'Mostly how well a page answers the search. Google says its systems look at the meaning of the query, the relevance and quality of the content, the usability of the page and the context of the searcher, such as location and language. It uses many signals and does not publish how much each one weighs, so no list of factors is complete or exact.',
  },
  {
    question: 'How much does content relevance matter?',
    answer:
      'More than anything else you control. A page that covers what searchers of the term want to know, in the words they use, is the starting point; no amount of speed or markup makes an off-topic page rank. The titles, headings and word counts of the top results show how the pages that already rank treat the topic.',
  },
  {
    question: 'Does user experience affect rankings?',
    answer:
      'Somewhat. Google describes page experience (a page that works on phones, is served over HTTPS, loads without large layout shifts and is not hidden behind intrusive pop-ups) as something its ranking systems reward, but it also says a great page experience does not outrank much more relevant content. Good experience matters most among pages that are similarly relevant.',
  },
  {
    question: 'Is site speed a major ranking factor?',
    answer:
      'No. Speed, measured through Core Web Vitals, is part of page experience and Google does use it, but it has said it is a small signal next to relevance. Among comparable pages it can tip the balance, and very slow pages lose visitors whatever their rank. Improve speed for your visitors first; treat any ranking effect as a bonus.',
  },
  {
    question: 'Do backlinks still matter?',
    answer:
      'Yes, as one signal among many. Links from other sites help search engines find pages and judge how others regard them. A few links from relevant, respected sites count for more than many from unrelated ones, and bought or exchanged links break Google’s spam policies and can be ignored or penalised.',
  },
  {
    question: 'Do internal links help?',
    answer:
      'They help search engines find your pages and understand how they relate, and the link text tells them what the target page is about. Pages that no other page on your site links to are easily missed. A clear structure, with important pages a few clicks from the home page, helps visitors as much as crawlers.',
  },
  {
    question: 'What is domain authority?',
    answer:
      'A score made up by SEO tool vendors to estimate how strong a site’s links are. It is not a Google measure, and Google has said it does not use a site-wide authority score. It is still a handy way to compare the link profiles of the sites that rank for a term.',
  },
  {
    question: 'Does schema markup improve rankings?',
    answer:
      'Not directly. Structured data helps search engines understand a page and can make it eligible for rich results, such as review stars, product prices or breadcrumbs in the listing, which may earn more clicks. Google decides whether to show a rich result, and markup that does not match the visible content breaks its guidelines.',
  },
  {
    question: 'What are SERP features?',
    answer:
      'Everything on a results page besides the plain blue links: featured snippets, “People also ask” boxes, image and video results, local map packs, news and shopping results. They push plain results down and change how many people click them. In this tool a featured answer appears first, at position 1, and the results below it move down one place.',
  },
];

/**
 * How to use and read the SERP analysis, and a short FAQ on ranking factors, below the
 * tool. Static text, so it is part of the prerendered page before any search.
 */
export function SerpAnalysisGuide() {
  return (
    <div className="mt-5" data-testid="serp-guide">
      <section aria-labelledby="serp-guide-heading">
        <h2 id="serp-guide-heading" className="h4">
          How to read a SERP analysis
        </h2>
        <p>
          Enter the search term you want to rank for. The tool asks the search provider for the top
          organic results of that term, in the country, language and device set in your search
          settings, then opens every result page to read its content and structured data and
          measures how fast it loads. Each result becomes a card; the stats card above them averages
          the figures, so you can see what the pages that rank have in common and where your own
          page stands against them.
        </p>
        <h3 className="h5">Content analysis</h3>
        <p>
          The word count is the visible text of the page, without its scripts and styles. Compare it
          across the top results to see how much depth the term usually gets, rather than as a
          target: Google has said that word count alone is not a ranking factor, and a shorter page
          that answers the question well can outrank a longer one.
        </p>
        <p>
          The title tag and meta description are what a search engine may show in the listing;
          reading them side by side shows the angle and wording the ranking pages chose. The
          headings (the H1 and the H2s under it) outline how each page structures the topic, and
          often reveal the sub-questions searchers expect answered. The canonical URL and the
          redirect chain in the technical details show whether the page that ranks is the one its
          site wants to rank.
        </p>
        <h3 className="h5">Speed analysis</h3>
        <p>
          The scores on the cards are lab data: one load of each page in a controlled browser that
          emulates the chosen device and a steady network, scored by Lighthouse from 0 to 100. Lab
          results are repeatable enough to compare pages and to find what slows one down, but a
          single run varies by several points, so read small differences as noise.
        </p>
        <p>
          Field data is what real Chrome users experienced on the page over the last 28 days, from
          the Chrome User Experience Report, judged at the 75th percentile of visits. It is what the
          Core Web Vitals assessment uses: Largest Contentful Paint (good within 2.5 seconds),
          Interaction to Next Paint (good within 200 milliseconds) and Cumulative Layout Shift (good
          at 0.1 or less). Pages with little traffic have no field data, and lab and field figures
          often disagree because real visitors use different devices and connections.
        </p>
        <h3 className="h5">Schema analysis</h3>
        <p>
          The schema types are the kinds of structured data each page declares, such as Article,
          Product, FAQPage, BreadcrumbList or Organization, usually as JSON-LD in the page. The
          stats card counts how many results use each type; choose a type there to keep only the
          cards that have it. When most ranking pages share a type, the search engine may be showing
          rich results for the term, and it is worth checking whether that markup fits your own
          page.
        </p>
        <h3 className="h5">SERP simulation</h3>
        <p>
          The cards stand in for the results page as a searcher sees it: in the order the search
          provider ranked them, numbered by position, a featured answer first at position 1, each
          with the title, address and site the listing shows. The line above the cards names the
          source that answered and when: a search provider when one is configured, otherwise the
          built-in sample web, whose results stand for the sites it holds, not for Google.
        </p>
        <p>
          To see where your own page stands, name it in &ldquo;find your site&rdquo;: its position
          in these results, or &lsquo;N/A&rsquo; when it is not among them.
        </p>
      </section>
      <section aria-labelledby="serp-faq-heading" className="mt-4">
        <h2 id="serp-faq-heading" className="h4">
          Ranking factors: frequently asked questions
        </h2>
        {RANKING_QUESTIONS.map(({ question, answer }) => (
          <div key={question}>
            <h3 className="h6 mt-3">{question}</h3>
            <p>{answer}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
