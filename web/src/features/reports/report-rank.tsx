import { lazy, Suspense } from 'react';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { RANK_TRACKING_MESSAGES } from '@core/messages/rank-tracking';
import { REPORT_MESSAGES as M } from '@core/messages/reports';
import { RANK_PARAMS, rankKeywordHref } from '@core/rank-tracking/links';
import { ROUTES } from '@core/routes';
import type { WeeklyReport } from '@core/schemas/reports';
import { SERP_FEATURE_NAMES } from '@core/schemas/serp-features';
import { SERP_FEATURE_ICONS } from '../../components/serp-feature-badges';
import { DEVICE_NAMES } from '@core/device-names';
import { percentText } from '@core/number-text';
import { dateText, DomainText, Empty, ReportSection } from './report-parts';

// Chart.js is its own chunk: the report's figures show without it.
const RankVisibilityChart = lazy(() => import('../../components/rank-visibility-chart'));

type Rank = WeeklyReport['rank'];

const RANK_LINK = { to: ROUTES.rankTracking, text: 'Rank tracking' };

const { positionText } = RANK_TRACKING_MESSAGES;

function NoKeywords() {
  return (
    <Empty testId="report-no-keywords">
      {M.noKeywords} <Link to={ROUTES.rankTracking}>Add one</Link>.
    </Empty>
  );
}

/** Positions gained green, lost red, in words as well as by the arrow (the email's). */
function RankMove({ change }: { change: number }) {
  if (change === 0) return <span className="text-muted">0</span>;
  return (
    <span
      role="img"
      aria-label={M.changeLabel(change)}
      title={M.changeLabel(change)}
      className={change > 0 ? 'text-success' : 'text-danger'}
      data-testid="report-move-change"
    >
      {M.change(change)}
    </span>
  );
}

function Moves({ rank }: { rank: Rank }) {
  if (rank.keywords === 0) return <NoKeywords />;
  if (rank.moves.length === 0) {
    return <Empty testId="report-moves-none">{M.noMoves}</Empty>;
  }
  return (
    <>
      <p className="small text-muted">
        The biggest moves of your {rank.keywords} {rank.keywords === 1 ? 'keyword' : 'keywords'}{' '}
        between their first and latest comparable checks of the week.
      </p>
      <Table responsive size="sm" className="align-middle text-nowrap mb-0">
        <thead>
          <tr>
            <th scope="col">Keyword</th>
            <th scope="col">Device</th>
            <th scope="col">From → to</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {rank.moves.map((move) => (
            <tr key={move.keywordId} data-testid="report-move">
              <td className="text-wrap">
                <Link to={rankKeywordHref(move.keywordId)} className="fw-semibold">
                  {move.keyword}
                </Link>
                <div className="small text-muted">
                  <DomainText domain={move.domain} />
                </div>
              </td>
              <td>{DEVICE_NAMES[move.device]}</td>
              <td className="text-wrap">
                {positionText(move.from, move.depth)} → {positionText(move.to, move.depth)}
              </td>
              <td>
                <RankMove change={move.change} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** Points of visibility gained green, lost red, in words as well as by the arrow. */
function VisibilityChange({ change }: { change: number }) {
  if (change === 0) return <span className="text-muted">0</span>;
  const size = Math.abs(change);
  const label = `${change > 0 ? 'Up' : 'Down'} ${size} ${size === 1 ? 'point' : 'points'}`;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={change > 0 ? 'text-success' : 'text-danger'}
    >
      {change > 0 ? '▲' : '▼'}
      {size}
    </span>
  );
}

/** Each domain's visibility on the week's first and latest known days, and its share of voice. */
function VisibilityTable({ visibility }: { visibility: Rank['visibility'] }) {
  const known = visibility.points.filter((p) => p.figures !== null);
  const first = known[0]!;
  const latest = known.at(-1)!;
  // One day known: nothing to compare it with.
  const compared = first !== latest;
  const figureOf = (point: typeof first, domain: string) =>
    point.figures!.find((f) => f.domain === domain);
  return (
    <Table
      responsive
      size="sm"
      className="align-middle text-nowrap mb-0"
      data-testid="report-visibility-table"
    >
      {/* Headings may wrap: on a phone the figures keep the width. */}
      <thead className="text-wrap">
        <tr>
          <th scope="col">Domain</th>
          {compared && <th scope="col">Visibility {dateText(first.date)}</th>}
          <th scope="col">Visibility {dateText(latest.date)}</th>
          <th scope="col">Change</th>
          <th scope="col">Share of voice</th>
        </tr>
      </thead>
      <tbody>
        {visibility.domains.map(({ domain, tracked }) => {
          const from = figureOf(first, domain);
          const to = figureOf(latest, domain);
          return (
            <tr key={domain} data-testid="report-visibility-row" data-domain={domain}>
              <td className="text-wrap">
                <DomainText domain={domain} />
                {/* Under the domain on a phone, where the figures need the width. */}
                <span className="d-block d-md-inline ms-md-1">
                  {tracked ? (
                    <Badge bg="primary">Yours</Badge>
                  ) : (
                    <Badge bg="light" text="dark" className="border">
                      Competitor
                    </Badge>
                  )}
                </span>
              </td>
              {compared && <td>{from ? percentText(from.visibility) : '-'}</td>}
              <td data-testid="report-visibility-value">{to ? percentText(to.visibility) : '-'}</td>
              <td>
                {compared && from && to ? (
                  <VisibilityChange change={Number((to.visibility - from.visibility).toFixed(2))} />
                ) : (
                  '-'
                )}
              </td>
              <td>{to ? percentText(to.shareOfVoice) : '-'}</td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

function Visibility({ rank }: { rank: Rank }) {
  const { visibility } = rank;
  if (rank.keywords === 0) return <NoKeywords />;
  if (visibility.points.every((p) => p.figures === null)) {
    return <Empty testId="report-visibility-none">{M.noVisibility}</Empty>;
  }
  return (
    <>
      <p className="small text-muted" data-testid="report-visibility-source">
        Each keyword’s position weighted by the click-through curve of{' '}
        <a href={visibility.curve.url} target="_blank" rel="noopener noreferrer">
          {visibility.curve.source}
        </a>
        : 100 % is position 1 on every keyword; share of voice is the share of every top-10 result’s
        clicks. A day whose checks read no first page is a gap.
      </p>
      <Suspense fallback={<Spinner size="sm" aria-label="Loading the chart" />}>
        <RankVisibilityChart report={visibility} />
      </Suspense>
      <VisibilityTable visibility={visibility} />
    </>
  );
}

function Features({ rank }: { rank: Rank }) {
  if (rank.keywords === 0) return <NoKeywords />;
  if (rank.features.length === 0) {
    return <Empty testId="report-features-none">{M.noFeatureChanges}</Empty>;
  }
  return (
    <ul className="list-group" data-testid="report-feature-list">
      {rank.features.map((change) => {
        const Icon = SERP_FEATURE_ICONS[change.kind];
        return (
          <li
            key={`${change.keywordId} ${change.kind}`}
            className="list-group-item d-flex flex-wrap align-items-center column-gap-3 row-gap-1"
            data-testid="report-feature"
            data-change={change.change}
          >
            <span className="fw-semibold text-nowrap">
              <Icon size={16} aria-hidden className="sr-icon me-1" />
              {SERP_FEATURE_NAMES[change.kind]}
            </span>
            <span className="sr-min-w-0 text-break">
              <Link to={rankKeywordHref(change.keywordId)}>{change.keyword}</Link>
              <span className="text-muted">
                {' '}
                · <DomainText domain={change.domain} />
              </span>
            </span>
            <Badge bg={change.change === 'won' ? 'success' : 'danger'} className="ms-auto">
              {change.change === 'won' ? M.won : M.lost}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}

/** The rank tracking part of the report: moves, visibility, and SERP features. */
export function RankSections({ rank }: { rank: Rank }) {
  return (
    <>
      <ReportSection id="report-moves" title={M.rankMoves} link={RANK_LINK}>
        <Moves rank={rank} />
      </ReportSection>
      <ReportSection
        id="report-visibility"
        title={M.visibility}
        link={{
          to: `${ROUTES.rankTracking}?${RANK_PARAMS.view}=visibility`,
          text: 'Visibility and competitors',
        }}
      >
        <Visibility rank={rank} />
      </ReportSection>
      <ReportSection id="report-features" title={M.features} link={RANK_LINK}>
        <Features rank={rank} />
      </ReportSection>
    </>
  );
}
