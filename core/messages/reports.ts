/** The weekly report's words: its page and its email say the same. */
export const REPORT_MESSAGES = {
  title: 'Weekly report',
  subscribe: 'Email me this report every Monday',
  subject: (workspace: string, period: string) => `Weekly report: ${workspace}, ${period}`,
  rankMoves: 'Biggest rank moves',
  noMoves: 'No tracked keyword moved between its first and latest checks of the week.',
  noKeywords: 'No keyword is tracked in this workspace yet.',
  visibility: 'Visibility',
  noVisibility: 'No check read a first page this week: visibility is unknown.',
  features: 'SERP features won and lost',
  noFeatureChanges: 'No SERP feature was won or lost this week.',
  speed: 'Speed regressions',
  noSpeedAlerts: (pages: number) =>
    pages === 0
      ? 'No page is tracked in this workspace.'
      : `No speed regression this week on ${pages} tracked ${pages === 1 ? 'page' : 'pages'}.`,
  flows: 'User flows',
  noFlowAlerts: (flows: number) =>
    flows === 0
      ? 'No user flow is tracked on a schedule.'
      : `No regression or failure this week on ${flows} tracked ${flows === 1 ? 'flow' : 'flows'}.`,
  change: (change: number) => (change > 0 ? `▲${change}` : `▼${-change}`),
  changeLabel: (change: number) =>
    `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)} ${Math.abs(change) === 1 ? 'position' : 'positions'}`,
  won: 'Won',
  lost: 'Lost',
  recovered: 'Recovered since',
  whyEmailed:
    'You get this email because you chose it on the weekly report page; untick “Email me this report every Monday” there to stop it.',
} as const;
