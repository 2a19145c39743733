/**
 * What the site's administrator can do about an absence: shown folded under the user's
 * message, never as the message itself (visitors cannot set the server's configuration).
 */
export const ADMIN_HINTS = {
  summary: 'For the site administrator',
  fieldData:
    'Set CRUX_API_KEY (Chrome UX Report) or PSI_API_KEY (PageSpeed Insights) on the server to show real-user data.',
  fieldHistory: 'Set CRUX_API_KEY to see real-user history from the Chrome UX Report.',
  volumes: 'Set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD on the server to show search volumes.',
  keywordLanguages:
    'Without a search provider, keyword ideas come from WordNet, which is English-only. Turn the sandbox web on (SANDBOX=on) or set a search provider key (SERPAPI_KEY and the like), or set OPENAI_API_KEY, for ideas in every language.',
} as const;
