import { Line } from 'react-chartjs-2';
import { positionText } from '@core/rank-tracking/position';
import type { RankCheck } from '@core/schemas/rank-tracking';
import {
  COLORS,
  COMPETITOR_COLORS,
  LINE_CHART_BASE,
  NO_LEGEND,
  type PointContext,
} from '../../components/chart-setup';
import { dateTimeText, dayText } from './rank-format';

const MARK_COLORS = {
  failed: COLORS.failed,
  partial: '#e0a800',
  not_in_top: COLORS.muted,
} as const;

interface Props {
  domain: string;
  competitors: readonly string[];
  /** Oldest first. */
  checks: readonly RankCheck[];
}

/**
 * Positions over time, 1 at the top: the domain's line and one per competitor. A check
 * without a position is a gap, never a drop: on the bottom edge a cross marks a failed
 * check, a triangle a partial one (the provider ran out of results), a dash "not in the top".
 */
export default function RankHistoryChart({ domain, competitors, checks }: Props) {
  const xs = checks.map((c) => Date.parse(c.checkedAt));
  const known = checks.flatMap((c) => [
    ...(c.position === null ? [] : [c.position]),
    ...Object.values(c.competitors).filter((p): p is number => p !== null),
  ]);
  // The bottom edge, where the marks of checks without a position sit, below every position.
  const bottom = Math.max(10, Math.ceil((Math.max(0, ...known) + 1) / 10) * 10);
  const marks = (['failed', 'partial', 'not_in_top'] as const).map((state) => ({
    state,
    data: xs.map((x, i) => ({ x, y: checks[i]?.state === state ? bottom : null })),
  }));
  const counts = marks.map(
    ({ state, data }) => [state, data.filter((d) => d.y !== null).length] as const,
  );
  const latest = checks.at(-1);
  const description =
    `Positions of ${domain}: ${checks.length} ${checks.length === 1 ? 'check' : 'checks'}` +
    (latest ? `, latest ${positionText(latest).text} on ${dayText(latest.checkedAt)}` : '') +
    counts.map(([state, n]) => (n ? `; ${n} ${state.replace(/_/g, ' ')}` : '')).join('') +
    '.';
  const day = 24 * 3600_000;
  const min = xs.length ? Math.min(...xs) : Date.now() - day;
  const max = xs.length ? Math.max(...xs) : Date.now();
  // At least half a day each side, so one day's checks still span a labelled midnight.
  const pad = Math.max((max - min) * 0.02, day / 2);

  return (
    <>
      <div style={{ height: 280 }}>
        <Line
          role="img"
          aria-label={description}
          data-testid="rank-history-chart"
          data={{
            datasets: [
              {
                label: domain,
                data: xs.map((x, i) => ({ x, y: checks[i]?.position ?? null })),
                borderColor: COLORS.line,
                backgroundColor: COLORS.line,
                borderWidth: 2.5,
                pointRadius: 3,
                spanGaps: false,
                clip: false as const,
              },
              ...competitors.map((competitor, n) => ({
                label: competitor,
                data: xs.map((x, i) => ({ x, y: checks[i]?.competitors[competitor] ?? null })),
                borderColor: COMPETITOR_COLORS[n % COMPETITOR_COLORS.length],
                backgroundColor: COMPETITOR_COLORS[n % COMPETITOR_COLORS.length],
                borderWidth: 1.5,
                borderDash: [5, 3],
                pointRadius: 2,
                spanGaps: false,
                clip: false as const,
              })),
              ...marks.map(({ state, data }) => ({
                label: state,
                data,
                showLine: false as const,
                pointStyle:
                  state === 'failed'
                    ? ('crossRot' as const)
                    : state === 'partial'
                      ? ('triangle' as const)
                      : ('line' as const),
                pointRadius: (ctx: PointContext) =>
                  ctx.raw && (ctx.raw as { y: number | null }).y !== null ? 7 : 0,
                pointBorderWidth: 2,
                borderColor: MARK_COLORS[state],
                backgroundColor: MARK_COLORS[state],
                clip: false as const,
              })),
            ],
          }}
          options={{
            ...LINE_CHART_BASE,
            plugins: {
              legend: NO_LEGEND,
              tooltip: {
                callbacks: {
                  title: (items) => {
                    const check = checks[items[0]?.dataIndex ?? -1];
                    return check ? dateTimeText(check.checkedAt) : '';
                  },
                  label: (item) => {
                    const check = checks[item.dataIndex];
                    if (!check) return '';
                    const marksFrom = 1 + competitors.length;
                    if (item.datasetIndex >= marksFrom || item.datasetIndex === 0) {
                      const shown = positionText(check);
                      return `${domain}: ${shown.state === 'ranked' ? shown.text : shown.title}`;
                    }
                    const competitor = competitors[item.datasetIndex - 1] ?? '';
                    return `${competitor}: ${item.parsed.y ?? '-'}`;
                  },
                },
              },
            },
            scales: {
              x: {
                type: 'linear',
                min: min - pad,
                max: max + pad,
                ticks: {
                  // A tick per UTC midnight (thinned to fit): no day is labelled twice.
                  stepSize: day,
                  maxRotation: 0,
                  autoSkipPadding: 16,
                  callback: (value) => dayText(new Date(Number(value)).toISOString()),
                },
              },
              y: {
                type: 'linear',
                reverse: true,
                min: 1,
                max: bottom,
                ticks: { precision: 0 },
                title: { display: true, text: 'Position' },
              },
            },
          }}
        />
      </div>
      <Legend domain={domain} competitors={competitors} counts={counts} />
    </>
  );
}

const MARK_LEGEND = {
  failed: { symbol: '✕', text: 'failed: no provider answered' },
  partial: { symbol: '▲', text: 'partial: the provider ran out of results' },
  not_in_top: { symbol: '—', text: 'not in the top' },
} as const;

/** What each line and mark is; the chart's canvas says it to nobody else. */
function Legend({
  domain,
  competitors,
  counts,
}: {
  domain: string;
  competitors: readonly string[];
  counts: readonly (readonly [keyof typeof MARK_LEGEND, number])[];
}) {
  const swatch = (color: string, dashed: boolean) => (
    <span
      aria-hidden
      className="d-inline-block me-1 align-middle"
      style={{ width: 18, borderTop: `3px ${dashed ? 'dashed' : 'solid'} ${color}` }}
    />
  );
  return (
    <ul className="list-inline small mt-2 mb-0" data-testid="rank-chart-legend">
      <li className="list-inline-item me-3">
        {swatch(COLORS.line, false)}
        {domain}
      </li>
      {competitors.map((competitor, n) => (
        <li key={competitor} className="list-inline-item me-3">
          {swatch(COMPETITOR_COLORS[n % COMPETITOR_COLORS.length] ?? COLORS.muted, true)}
          {competitor}
        </li>
      ))}
      {counts
        .filter(([, n]) => n > 0)
        .map(([state, n]) => (
          <li key={state} className="list-inline-item me-3">
            <span aria-hidden className="me-1" style={{ color: MARK_COLORS[state] }}>
              {MARK_LEGEND[state].symbol}
            </span>
            {MARK_LEGEND[state].text} ({n})
          </li>
        ))}
    </ul>
  );
}
