/** Keyword tool messages: the product's fixed wording, and SpeedRank's own where none is fixed. */
export const KEYWORD_MESSAGES = {
  /**
   * The export button's tooltip: volume and CPC only where a keyword data source gives them
   * ('unknown' before a search says which source answers).
   */
  exportTooltip: (volumes: 'source' | 'none' | 'unknown') =>
    volumes === 'source'
      ? 'Export keyword data, including search volume and cpc in your specified location'
      : volumes === 'none'
        ? "Export the keyword ideas as CSV. Search volume and CPC are '-': no keyword data source is configured."
        : 'Export the keyword ideas as CSV, with search volume and CPC where a keyword data source gives them.',
  badLanguage: 'Choose a language code such as en or pt-BR',
  clusterSearchesLeft: (searches: number) =>
    `Grouping these ideas by their results takes ${searches} searches, more than your month has left.`,
  noIdeasInResults:
    'The search results for this keyword hold no new ideas. Try a broader keyword, or check its results in the SERP analysis tool.',
  nothingGrounded:
    "Nothing grounded is known about this keyword: its search results do not cover it, and WordNet, the dictionary used when they don't, holds nothing about the whole phrase. Ideas for it need a search provider that covers it (a SerpApi, Serper, VALUE SERP or DataForSEO key) or a language model (an OpenAI-compatible API key), which the site's admin can configure.",
  termTooLong: 'only 175 max characters allowed',
  signInRequired: 'please create an account or sign in',
  monthlyLimit: 'You have hit your monthly search limit. Upgrade here.',
  noUniqueTerms:
    'the response does not contain any unique terms, try increasing the randomness in settings',
  noUniqueTermsAtMax:
    'the response does not contain any unique terms, try adjusting your search term',
  noVolume: 'No search volume for these keywords',
  modelFailed: 'Uh oh!',
  tryAgain:
    "Try searching again. If that doesn't work, change your search term, and confirm the country and language settings.",
  volumeServiceError: (country: string, language: string) =>
    `The search volume service could not answer for ${country} / ${language}. Volumes are sparse outside the USA and English.`,
  volumesNeedSource: 'Search volumes are not available on this site.',
  sensitive:
    'the response may contain sensitive content, consider adjusting your search terms to keep responses appropriate.',
  unsafe:
    'the response may contain unsafe content, consider adjusting your search terms to keep responses appropriate.',
  englishOnly: (language: string) =>
    `Keyword ideas on this site are in English only, and this keyword looks ${language}. Try an English keyword.`,
  userMismatch: 'userId does not match the signed-in user',
  noSearchProvider:
    'No search provider is available: the sandbox is off and no SERP API key is configured.',
  previewNeedsSearch:
    'Top results are shown for the keywords of a search you ran in the last hour.',
} as const;
