import { RANK_TRACKING_MESSAGES, REPORT_MESSAGES as M, EMAIL_MESSAGES } from '@core/messages';
import { SERP_FEATURE_NAMES } from '@core/schemas/serp-features';
import type { WeeklyReport } from '@core/schemas/reports';
import type { EmailMessage } from '../providers/email/port';
import { lineChartPng, type Rgb } from './line-chart-png';

/** The page's colours: the first tracked domain blue, then one per domain. */
const SERIES_COLORS: readonly Rgb[] = [
  [13, 110, 253],
  [253, 126, 20],
  [32, 201, 151],
  [111, 66, 193],
  [214, 51, 132],
  [25, 135, 84],
];
const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const day = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone }).format(
    new Date(iso),
  );

/** "30 Nov – 7 Dec 2026" in the reader's zone. */
export function reportPeriod(report: Pick<WeeklyReport, 'from' | 'to'>, timeZone: string): string {
  const year = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone }).format(
    new Date(report.to),
  );
  return `${day(report.from, timeZone)} – ${day(report.to, timeZone)} ${year}`;
}

/** One section: a heading and its lines, or the line that says it is empty. */
interface Section {
  heading: string;
  lines: string[];
}

function sectionsOf(report: WeeklyReport): Section[] {
  const position = (p: number | null, depth: number) =>
    RANK_TRACKING_MESSAGES.positionText(p, depth);
  const visibility = report.rank.visibility;
  const known = visibility.points.filter((p) => p.figures !== null);
  const [first, latest] = [known[0], known.at(-1)];
  return [
    {
      heading: M.rankMoves,
      lines:
        report.rank.keywords === 0
          ? [M.noKeywords]
          : report.rank.moves.length === 0
            ? [M.noMoves]
            : report.rank.moves.map(
                (move) =>
                  `${M.change(move.change)} “${move.keyword}” (${move.domain}, ${move.device}): ${position(move.from, move.depth)} → ${position(move.to, move.depth)}`,
              ),
    },
    {
      heading: M.visibility,
      lines:
        !first || !latest
          ? [M.noVisibility]
          : [
              ...latest.figures!.map((figure) => {
                const before = first.figures!.find((f) => f.domain === figure.domain);
                const change =
                  before && first !== latest
                    ? ` (${figure.visibility >= before.visibility ? '+' : ''}${(figure.visibility - before.visibility).toFixed(2)} since ${first.date})`
                    : '';
                return `${figure.domain}: ${figure.visibility} %${change}, share of voice ${figure.shareOfVoice} %`;
              }),
              `Weighted by the click-through curve of ${visibility.curve.source}.`,
            ],
    },
    {
      heading: M.features,
      lines:
        report.rank.features.length === 0
          ? [M.noFeatureChanges]
          : report.rank.features.map(
              (f) =>
                `${f.change === 'won' ? M.won : M.lost}: ${SERP_FEATURE_NAMES[f.kind]} for “${f.keyword}” (${f.domain})`,
            ),
    },
    {
      heading: M.speed,
      lines:
        report.speed.alerts.length === 0
          ? [M.noSpeedAlerts(report.speed.pages)]
          : report.speed.alerts.map(
              (alert) =>
                `${alert.url} (${alert.device}): ${alert.kind}${alert.reasons.length ? `: ${alert.reasons.join('; ')}` : ''}${alert.recovered ? ` (${M.recovered.toLowerCase()})` : ''}`,
            ),
    },
    {
      heading: M.flows,
      lines:
        report.flows.alerts.length === 0
          ? [M.noFlowAlerts(report.flows.tracked)]
          : report.flows.alerts.map(
              (alert) =>
                `${alert.name}${alert.step ? `, ${alert.step}` : ''}: ${alert.kind}${alert.reasons.length ? `: ${alert.reasons.join('; ')}` : ''}`,
            ),
    },
  ];
}

/**
 * The weekly report as an email: the same sections as its page in plain text, and in HTML
 * with the week's visibility drawn as a picture (a line a domain, named beside it).
 */
export function weeklyReportEmail(
  report: WeeklyReport,
  to: { email: string; name: string; timeZone: string },
  link: string | null,
): EmailMessage {
  const period = reportPeriod(report, to.timeZone);
  const sections = sectionsOf(report);
  const visibility = report.rank.visibility;
  const drawn = visibility.points.some((p) => p.figures !== null);
  const colors = new Map(
    visibility.domains.map((d, i) => [d.domain, SERIES_COLORS[i % SERIES_COLORS.length]!]),
  );
  const chart = drawn
    ? lineChartPng(
        visibility.domains.map(({ domain, tracked }) => ({
          values: visibility.points.map(
            (p) => p.figures?.find((f) => f.domain === domain)?.visibility ?? null,
          ),
          color: colors.get(domain)!,
          dashed: !tracked,
        })),
      )
    : null;
  const text = [
    EMAIL_MESSAGES.greeting(to.name),
    '',
    `${M.title}: ${report.workspace.name}, ${period}.`,
    ...sections.flatMap((s) => ['', s.heading, ...s.lines.map((line) => `- ${line}`)]),
    '',
    ...(link ? [`See it on ${link}`, ''] : []),
    M.whyEmailed,
    '',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#212529">
<p>${escape(EMAIL_MESSAGES.greeting(to.name))}</p>
<h1 style="font-size:20px">${escape(`${M.title}: ${report.workspace.name}`)}</h1>
<p>${escape(period)}</p>
${sections
  .map(
    (s) =>
      `<h2 style="font-size:16px">${escape(s.heading)}</h2>${
        s.heading === M.visibility && chart
          ? `<img src="cid:visibility" width="600" height="200" alt="${escape(`Visibility over the week: ${visibility.domains.map((d) => d.domain).join(', ')}`)}"><p>${visibility.domains
              .map(
                (d) =>
                  `<span style="color:${hex(colors.get(d.domain)!)}">${d.tracked ? '━' : '┅'}</span> ${escape(d.domain)}`,
              )
              .join(' &nbsp; ')}</p>`
          : ''
      }<ul>${s.lines.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>`,
  )
  .join('\n')}
${link ? `<p><a href="${escape(link)}">${escape(M.title)}</a></p>` : ''}
<p style="color:#6c757d;font-size:12px">${escape(M.whyEmailed)}</p>
</body></html>`;
  return {
    to: to.email,
    subject: M.subject(report.workspace.name, period),
    text,
    html,
    ...(link ? { link } : {}),
    ...(chart ? { images: [{ cid: 'visibility', filename: 'visibility.png', png: chart }] } : {}),
  };
}
