import { SERP_SHARE_DAYS } from './limits';
import { groupedNumber } from './number-text';

/** User-facing messages, word for word from the original product. Client and server import them. */

export const MESSAGES = {
  emailRequired: 'Please enter your email address.',
  emailInvalidCreate: 'Invalid email, please double-check your information and try again.',
  emailInvalidSignIn: 'Please enter a valid email address.',
  passwordRequired: 'Please enter a password.',
  passwordLength: 'Password must contain between 8 and 16 characters.',
  emailAlreadyRegistered: 'This email is already registered. Please sign in.',
  emailNotOnFile: "We don't seem to have that email on file.",
  passwordIncorrect: 'Incorrect password. Try again, or use secure link sign in.',
  useGoogleSignIn: 'You signed up with Google, please use Google to sign in',
  noResetToken: 'No token cant reset password',
  checkYourEmail: 'Go click the link in your email',
  createAccountGate:
    'Register now to view these results, and compare speed scores today. No credit card required.',
  createAccountGateKeywords:
    'Register now to try our GPT3 powered keyword tool. No credit card required.',
  nameOnCardRequired: 'Please enter name on card',
  zipcodeRequired: 'Please enter your billing zipcode or postal code',
  paymentError: 'There was an error processing your payment please try again.',
  alreadySubscribed: (plan: string) => `You are already subscribed our ${plan}`,
  freeTrialLimit:
    'You have reached the limits of free usage on this tool. To continue today, please see our pricing page',
  freeTrialReset: 'Your free usage limits will reset next month.',
  searchingTop100: 'Searching top 100 results...',
  foundAtPosition: 'Found at Position',
  notRanking: 'Your site is not ranking in the top 100',
  serpSearchFailed: 'Doh! Something went wrong. Go have a snack and try again in 5 minutes.',
  exportUpgrade: 'Please upgrade to export results',
  exportNotReady: 'You can export once all results are loaded (30-45 seconds)',
  exportNotReadyFree: 'Paid users can export once all results are loaded (30-45 seconds)',
} as const;

/**
 * What the app says when an account journey ends well. The original product ends them
 * without a word (the modal closes, the page changes); these are SpeedRank's own.
 */
export const CONFIRMATION_MESSAGES = {
  registered: (who: string) => `Welcome to SpeedRank, ${who}: your free account is ready.`,
  signedInAs: (email: string) => `You are signed in as ${email}.`,
  passwordChanged: 'Your password is changed: you are signed in.',
} as const;

/** Server-side sign-in error codes, sent in the 409 message body. */
export const AUTH_CODES = {
  emailNotFound: 'Code: email_not_found; Result Set Count: 0',
  passwordIncorrect: 'Code: password_incorrect',
  oldUser: 'Code: old_user; User exists in the system but password is empty.',
} as const;

/** Keyword tool messages: the product's fixed wording, and SpeedRank's own where none is fixed. */
export const KEYWORD_MESSAGES = {
  badLanguage: 'Choose a language code such as en or pt-BR',
  clusterSearchesLeft: (searches: number) =>
    `Grouping these ideas by their results takes ${searches} searches, more than your month has left.`,
  noIdeasInResults:
    'The search results for this keyword hold no new ideas. Try a broader keyword, or check its results in the SERP analysis tool.',
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

/** MixLab messages; the original product has none, so these are SpeedRank's own. */
export const MIXLAB_MESSAGES = {
  signInToScrape: 'Sign in to scrape.',
  listingUnreadable: (restarts: number) =>
    `The shop's listing could not be read after ${restarts + 1} tries. Try again later.`,
} as const;

/** Messages of the Pro teaser page. */
export const PRO_MESSAGES = {
  emailRequired: MESSAGES.emailRequired,
  emailInvalid: 'Please provide a valid email address.',
  paidLaunch: 'The paid version launches January 2021.',
  success: 'Success',
} as const;

/** What a speed figure's absence or failure says: its source and its cause, never a pretend value. */
/** The server as a whole. */
export const SERVER_MESSAGES = {
  shuttingDown: 'The server is shutting down.',
} as const;

export const SPEED_MESSAGES = {
  /** A URL the test cannot run on; the server adds why (malformed, private or local). */
  invalidUrl: 'Please enter a valid url',
  runCancelled: 'The run was cancelled.',
  /** A run queued in a process that is gone (no shared queue): it will not run. */
  runLost: 'The run was lost when the server restarted; run the test again.',
  /** Scale-out mode with no `npm run worker` process serving the queue. */
  noWorker:
    'No speed worker is running, so speed tests cannot start now: the operator starts one with npm run worker (same REDIS_URL).',
  /** The queue (Redis) did not take the sample. */
  notQueued: (reason: string) => `The sample could not be queued: ${reason}`,
  /** Comparing two of a user's speed tests. */
  testNotFound: 'No such speed test among yours (only your last tests are kept).',
  sameTest: 'Choose two different speed tests to compare.',
  otherUrl: 'These speed tests are of different pages: only tests of one URL compare.',
  /** The source answered and knows too little about the page. */
  notEnoughData: {
    origin: 'The origin does not have enough real user data for this report',
    page: 'This page does not have enough real user data for this report',
  },
  /** The SERP analysis cards' short form of the same answer. */
  notEnoughDataShort: 'Not enough real user data',
  fieldNeedsSource: 'Real-user (field) data is not available on this site.',
  fieldFailed: (reason: string) => `The field data lookup failed: ${reason}`,
  /** A failed sample's label when PageSpeed Insights ran it. */
  psiError: 'PSI Error',
  lighthouseError: 'Lighthouse error',
  runFailed: 'This sample failed.',
  fieldNeedsSample: 'Field data comes with a finished sample, and no sample finished.',
  browserMissing:
    'Chromium is not installed on this server, so local speed tests cannot run. Install it with `apt-get install chromium` (or set CHROME_PATH), or set PSI_API_KEY.',
  shuttingDown:
    'The server is restarting: it finishes the speed tests under way but starts no new one. Please try again in a minute.',
} as const;

/** Site speed tracking; the words are SpeedRank's own. */
export const TRACKING_MESSAGES = {
  /** In the style of QUOTA_MESSAGES.upgradeForSamples. */
  upgradeForPages: (max: number) =>
    `Upgrade to track more than ${max} ${max === 1 ? 'page' : 'pages'}.`,
  upgradeForHourly: 'Upgrade to check pages every hour.',
  alreadyTracked: 'You already track this page.',
  notFound: 'No such tracked page.',
  checkNotFound: 'No such check.',
  sameCheck: 'Choose two different checks to compare.',
  checkRunning: 'A check of this page is running. Try again when it ends.',
  interrupted: 'The server stopped during this check; the page was checked again after it.',
  /** A page's state until a check measured it: neither OK nor a regression yet. */
  notMeasuredYet: 'Not measured yet',
  /** The next check's time has come (the scheduler takes it at its next pass). */
  nextCheckDue: 'Next check due now',
  allowanceUsed:
    "This month's scheduled checks are used up; scheduled checks resume next month. Upgrade for more.",
  overPageLimit: (max: number) =>
    `Your plan tracks ${max} ${max === 1 ? 'page' : 'pages'}; this one is not checked until you upgrade or stop tracking another.`,
  budgetBroken: (metric: string, value: string, budget: string) =>
    `${metric} ${value} breaks its budget of ${budget}.`,
  significantlyWorse: (metric: string, before: string, after: string, p: number) =>
    `${metric} went from ${before} to ${after}, a significant change (Mann-Whitney U, p = ${p.toFixed(3)}).`,
  /** Per device: a page tracked on both may alert on each. */
  regressionSubject: (url: string, device: string) => `Speed regression (${device}): ${url}`,
  recoverySubject: (url: string, device: string) => `Speed recovered (${device}): ${url}`,
  unreachableSubject: (url: string) => `Page unreachable: ${url}`,
  reachableSubject: (url: string) => `Page reachable again: ${url}`,
  /** An 'unreachable' alert: the last failed checks and each one's first sample error. */
  unreachableText: (url: string, failed: number, errors: string[]) =>
    `The last ${failed} checks of ${url} could not measure it: every sample failed.${errors.length ? `\n\n${errors.map((e) => `- ${e}`).join('\n')}` : ''}\n\nSpeed is not judged while the page cannot be measured; SpeedRank says when a check measures it again.`,
  /** `at` in words: 'Thursday 26 November 2026 at 09:14 (UTC)'. */
  reachableText: (url: string, device: string, at: string) =>
    `${url} can be measured again: the ${device} check on ${at} finished.`,
  /** Appended to a significant change measured on a different setup than its baseline. */
  measurementChanged: (what: string[]) => ` (measured otherwise than before: ${what.join(', ')})`,
  /** A tracked page's real-user history (Chrome UX Report), under its chart. */
  fieldHistoryCaption: (latestPeriod: string, fetchedAt: string) =>
    `Chrome UX Report, 28-day p75 per week. Latest period ${latestPeriod}; fetched ${fetchedAt}.`,
  fieldHistoryUnavailable: 'Real-user history is not available on this site.',
  fieldHistoryNotEnough: {
    page: 'This page does not have enough real user data in the Chrome UX Report.',
    origin: 'The origin does not have enough real user data in the Chrome UX Report.',
    both: 'Neither this page nor its origin has enough real user data in the Chrome UX Report.',
  },
  fieldHistoryFailed: (scope: 'page' | 'origin', reason: string) =>
    `The ${scope === 'page' ? "page's" : "origin's"} real-user history could not be read: ${reason}`,
  fieldHistoryNoMetric: (metric: string) =>
    `The Chrome UX Report has no ${metric} data for this page or its origin in these weeks.`,
  /** The history CSV's short fingerprint of a sample. */
  fingerprintShort: (lighthouse: string | null, bench: number | null) =>
    [
      lighthouse ? `Lighthouse ${lighthouse}` : null,
      bench !== null ? `bench ${Math.round(bench)}` : null,
    ]
      .filter(Boolean)
      .join(', '),
} as const;

/** Export and deletion of an account: the API's answers and the account page's words. */
export const ACCOUNT_DATA_MESSAGES = {
  proofRequired: 'Enter your password, or ask for an emailed link, to delete your account.',
  passwordIncorrect: 'That password is not right. Your account was not deleted.',
  noPassword:
    'Your account has no password (you sign in with Google or by email link): ask for an emailed link to delete it.',
  linkSent: (minutes: number) =>
    `We emailed you a link to delete your account. It works once, for ${minutes} minutes.`,
  linkUnusable:
    'This deletion link has expired or was already used. Ask for a new one on your account page.',
  processorFailed: (processor: string) =>
    `${processor} did not confirm the cancellation of your subscription, so nothing was deleted. Please try again in a few minutes.`,
  processorUnavailable: (processor: string) =>
    `Your subscription is paid with ${processor}, which is not set up on this SpeedRank any more, so nothing was deleted. Please contact the operator.`,
  deleted:
    'Your account and everything it held are deleted, and you are signed out. A confirmation is on its way to your email.',
  /** What the confirm step lists as lost for good. */
  whatIsLost: [
    'your profile, settings and keyword settings',
    'your speed tests and their history',
    'your tracked pages with every check, alert and webhook',
    'your rank-tracked keywords and their history',
    'your real-user monitoring sites and their data',
    'your subscription and payment records',
  ],
  subscriptionCancelled:
    'A paid subscription is cancelled at once with its processor: it stops renewing and the rest of the period is not refunded automatically.',
} as const;

/** Emails' own words; no spec names them. */
export const EMAIL_MESSAGES = {
  deleteLinkSubject: 'Confirm the deletion of your SpeedRank account',
  deleteLinkText: (link: string, minutes: number) =>
    `Open this link to delete your SpeedRank account and everything it holds:\n\n${link}\n\nThe page asks you to confirm once more. The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email: your account stays as it is.`,
  accountDeletedSubject: 'Your SpeedRank account is deleted',
  accountDeletedText: (deletion: { email: string; at: string; cancelled: string[] }) =>
    [
      `The SpeedRank account ${deletion.email} was deleted on ${deletion.at}, with everything it held: settings, speed tests, tracked pages, rank tracking, real-user monitoring sites, webhooks and payment records.`,
      ...(deletion.cancelled.length
        ? ['', `Cancelled with the processor: ${deletion.cancelled.join(', ')}.`]
        : []),
      '',
      'This is the last email we send to this address about the account. If you did not ask for this, reply to this email.',
    ].join('\n'),
  greeting: (name: string) => (name ? `Hi ${name},` : 'Hi,'),
  /** Page names, said alone when an email knows no address of the app to link to. */
  accountPage: 'your SpeedRank account page',
  pricingPage: "SpeedRank's pricing page",
  trackingPage: 'the Site speed tracking page in SpeedRank',
  receiptSubject: (plan: string) => `Your SpeedRank receipt: ${plan} plan`,
  receiptText: (receipt: {
    plan: string;
    amount: string;
    cycle: string;
    periodStart: string;
    periodEnd: string;
    cardLast4: string | null;
    account: string;
  }) =>
    [
      'Thank you for your payment. This is your receipt.',
      '',
      `Plan: ${receipt.plan}`,
      `Amount: ${receipt.amount}`,
      `Billing cycle: ${receipt.cycle}`,
      `Period: ${receipt.periodStart} to ${receipt.periodEnd}`,
      `Renews: ${receipt.periodEnd}`,
      ...(receipt.cardLast4 ? [`Card: ending in ${receipt.cardLast4}`] : []),
      '',
      `Your plan and this month's remaining searches are on ${receipt.account}`,
    ].join('\n'),
  cancellationSubject: (plan: string) => `Your SpeedRank ${plan} plan is cancelled`,
  cancellationText: (notice: { plan: string; until: string; pricing: string }) =>
    `Your ${notice.plan} plan is cancelled: it will not renew. It is paid for, and stays yours, until ${notice.until}; after that your account is on the free plan.\n\nTo subscribe again, choose a plan on ${notice.pricing}`,
} as const;

/** PayPal subscriptions: the answers of /payments/paypal and the reasons PayPal records. */
export const PAYPAL_MESSAGES = {
  notConfigured: 'PayPal is not set up on this SpeedRank.',
  unavailable:
    'PayPal did not answer. Your PayPal subscription is safe; try again in a minute to activate your plan.',
  unknown: 'PayPal has no such subscription.',
  notYours: 'This PayPal subscription was not started from your SpeedRank account.',
  unknownPlan: 'This PayPal subscription is not for a SpeedRank plan.',
  notApproved: (status: string) =>
    `PayPal has not approved this subscription yet (its status is ${status}).`,
  nothingToCancel: 'You have no PayPal subscription to cancel.',
  cancelReason: 'Cancelled from the SpeedRank account page',
  accountDeletedReason: 'The SpeedRank account was deleted',
  cancelDuplicate: 'Already subscribed to SpeedRank: this second subscription was cancelled',
  buttonsFailed: 'PayPal could not be loaded. Pay by card, or try again later.',
} as const;

/** Webhooks of site speed tracking; the words are SpeedRank's own. */
export const WEBHOOK_MESSAGES = {
  invalidUrl: (reason: string) => `Please enter a valid webhook url. ${reason}`,
  limit: (max: number) => `You can add up to ${max} webhooks.`,
  duplicate: 'This webhook is added already.',
  notFound: 'No such webhook.',
  regressionText: (url: string, device: string, at: string, reasons: string[], link: string) =>
    `Speed regression: ${url}\nThe ${device} check at ${at} is a regression:\n${reasons.map((r) => `- ${r}`).join('\n')}\nSpeed history: ${link}`,
  recoveryText: (url: string, device: string, at: string, link: string) =>
    `Speed recovered: ${url}\nThe ${device} check at ${at} keeps its budgets and is no slower than before the regression.\nSpeed history: ${link}`,
  unreachableText: (url: string, failed: number, link: string) =>
    `Page unreachable: ${url}\nThe last ${failed} checks could not measure it.\nSpeed history: ${link}`,
  reachableText: (url: string, device: string, at: string, link: string) =>
    `Page reachable again: ${url}\nThe ${device} check at ${at} measured it.\nSpeed history: ${link}`,
  rankChangedText: (
    domain: string,
    keyword: string,
    device: string,
    changes: string[],
    link: string,
  ) =>
    `Rank change: ${domain} for “${keyword}” (${device})\n${changes.map((c) => `- ${c}`).join('\n')}\nRank tracking: ${link}`,
  testText: (link: string) =>
    `Test event from SpeedRank: this webhook will receive speed regression, recovery and reachability alerts.\nSite speed tracking: ${link}`,
  /** A delivery's lastError for an answer that is not 2xx, with the start of its body. */
  answered: (status: number, body: string) =>
    `Answered HTTP ${status}${body ? `: ${body}` : ''}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`,
} as const;

/**
 * SERP analysis alert banners and notes. Which banners show is fixed; their words are
 * SpeedRank's own.
 */
export const SERP_MESSAGES = {
  allResultsLoaded: 'All results loaded.',
  viewSerpStats: 'View SERP stats',
  filtersCleared: 'Your schema type filters were cleared to load more results.',
  notAsExpected: (where: string) =>
    `Results not as expected? These are the results of ${where}. Check the search settings:`,
  viewAllData:
    'Every card shows all its data. Choose a tab or a metric on any card and every card shows it.',
  /** Find your site looks in the cards first; past them, a rank check costs a search. */
  rankCheckCost:
    'Looks in the results on screen first; searching further down the top 100 uses one search of your month.',
  answeredOnScreen: 'Answered from the results on screen: no search used.',
  /** The sandbox index has no page about a search; the topics it covers follow. */
  notCovered: (term: string) => `The sandbox web has no pages about “${term}”.`,
  sandboxCovers: 'It covers:',
  searchTopic: (term: string) => `Search for “${term}”`,
  /** A result card of the same site as the card before it (Google indents those). */
  moreFromSite: 'More from this site',
  /** A share link whose results were never kept or have expired. */
  shareNotFound: `These shared search results are not available any more (shared results are kept for ${SERP_SHARE_DAYS} days). Search again to see the current results.`,
  sharedResults: (ago: string) => `Shared results, searched ${ago}.`,
  sharedResultsFree: 'Opening them used none of your searches.',
  searchAfresh: 'Search again now',
} as const;

/**
 * What the polite live region says when long work starts and ends, for screen readers. The
 * original product has none of these, so the words are SpeedRank's own, worded apart from
 * the texts on screen so that a search for those finds one element.
 */
export const LIVE_MESSAGES = {
  serpSearching: (term: string) => `Searching for ${term}.`,
  serpMeasuring: (results: number) => `${results} results found; measuring their page speed.`,
  serpLoaded: (results: number) => `Analysis finished for all ${results} results.`,
  serpEmpty: 'The search found no results.',
  speedRunning: (samples: number, device: string) =>
    `Speed test started: ${samples} ${samples === 1 ? 'sample' : 'samples'} on ${device}.`,
  speedDone: (device: string, score: string, samples: number) =>
    `Speed test finished: ${device} score ${score} of 100, the average of ${samples} ${samples === 1 ? 'sample' : 'samples'}.`,
  speedNoData: 'Speed test finished without a score.',
  keywordsGathering: 'Gathering keyword suggestions.',
  keywordsReady: (keywords: number) => `${keywords} keyword suggestions ready.`,
  rankSearching: 'Looking for your site in the top 100 results.',
  rankFound: (position: number | string, domain: string) =>
    `Your site ranks at position ${position}: ${domain}.`,
  rankNotFound: (site: string) => `${site} is not in the top 100 results.`,
} as const;

/**
 * The account gate's line per tool, where the original two lines would not fit the tool or
 * would claim a model this installation does not use (core/gate-copy.ts chooses).
 */
export const GATE_MESSAGES = {
  keywordsWithModel: (model: string) =>
    `Register now to try our keyword tool, powered by ${model}. No credit card required.`,
  keywordsFromResults:
    'Register now to try our keyword tool: ideas from search results and the pages that rank in them. No credit card required.',
  keywordsOffline:
    'Register now to try our keyword tool: ideas from WordNet, offline. No credit card required.',
  serpChecker:
    'Register now to check where your site ranks in the top 100 results. No credit card required.',
  mixlab: 'Register now to scrape product listings into CSV files. No credit card required.',
  notNow: 'Not now',
} as const;

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

/** Real-user monitoring (field data from a site's own visitors). */
export const RUM_MESSAGES = {
  /** The install's own site, in an operator's list. */
  installSite:
    'This install’s own pages, wherever they are served: they carry its beacon (RUM_SELF), and its operators (OPERATOR_EMAILS) see it here.',
  upgradeForSites: (max: number) =>
    `Upgrade to collect field data for more than ${max} ${max === 1 ? 'site' : 'sites'}.`,
  notFound: 'No such site.',
  badOrigin: 'Enter each origin as a scheme and a host, such as https://example.com.',
  badSampleRate: 'Enter a sample rate above 0% and at most 100%.',
  signedOut: 'Real-user monitoring keeps your sites in your account. Sign in to add a site.',
  /** Where every figure of the dashboard comes from. */
  source: 'your visitors (RUM)',
  noPageViews: 'No page views yet',
  noMatchingPageViews: 'No page views match these filters in this window.',
  dropped: (count: number) =>
    `${groupedNumber(count)} ${count === 1 ? 'value' : 'values'} dropped as implausible`,
} as const;

export const RANK_TRACKING_MESSAGES = {
  upgradeForKeywords: (max: number) =>
    `Upgrade to track more than ${groupedNumber(max)} ${max === 1 ? 'keyword' : 'keywords'}.`,
  alreadyTracked: 'You already track this keyword for this domain, device and place.',
  notFound: 'No such tracked keyword.',
  noKeyword: 'Enter a keyword',
  badDomain: 'Enter a domain such as example.com.',
  badCountry: 'Enter the country as two letters, such as us.',
  badLanguage: 'Enter the language as a code such as en or pt-br.',
  badDepth: `Enter a depth from 10 to 100 results.`,
  signedOut: 'Rank tracking keeps your keywords in your account. Sign in to track a keyword.',
  /** A check whose every provider failed: nothing is known, so nothing is drawn. */
  failed: 'Check failed: no provider answered, so the position is unknown.',
  partial: (reached: number) => `Not in the first ${reached} (the provider returned no more)`,
  notInTop: (depth: number) => `Not in the top ${depth}`,
  /** A partial check that read no result at all. */
  noResults: 'No results',
  /** The sandbox web has no page about the keyword: what it does cover. */
  notCovered: (topics: readonly string[]) =>
    `The sandbox web has no page about this keyword; it covers ${topics.join(', ')}.`,
  sandbox:
    'Positions in the sandbox web: no SERP provider key is set, so this install searches its own sites, which change on a schedule.',
  /** A position in an alert: ranked, or beyond the depth read. */
  positionText: (position: number | null, depth: number) =>
    position === null ? `not in the top ${depth}` : `#${position}`,
  moved: (from: string, to: string) => `Moved from ${from} to ${to}`,
  enteredTop: (top: number) => `Entered the top ${top}`,
  leftTop: (top: number) => `Left the top ${top}`,
  alertSubject: (domain: string, keyword: string) => `Rank change: ${domain} for “${keyword}”`,
  alertText: (domain: string, keyword: string, device: string, at: string, changes: string[]) =>
    `The ${device} position of ${domain} for “${keyword}” changed in the check on ${at}:\n\n${changes.map((c) => `- ${c}`).join('\n')}`,
  alertOnce:
    'SpeedRank emails when a check of a tracked keyword moves as its alerts ask; a failed or partial check never sends one.',
  /** A check asked for while the keyword's check already runs. */
  busy: 'This keyword is being checked already; its result comes in a moment.',
  noProvider: 'No search provider is available to check positions.',
  notChecked: 'Not checked yet',
  /** A partial check in a table cell, its reason in the cell's title. */
  notInFirst: (reached: number) => `Not in the first ${reached}`,
  /** A CSV import refused before anything is sent. */
  csvNoKeywordColumn: 'The file has no keyword column: its first row must name the columns.',
  csvEmpty: 'The file has no keyword rows.',
  csvTooMany: (max: number) =>
    `A file may add at most ${groupedNumber(max)} keywords: split it into smaller files.`,
  csvRow: (row: number, message: string) => `Row ${row}: ${message}`,
  bulkTooMany: (max: number) =>
    `Add at most ${groupedNumber(max)} keywords at once: split the list.`,
} as const;
