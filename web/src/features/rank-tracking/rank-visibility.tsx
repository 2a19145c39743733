import { lazy, Suspense } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { RANK_TRACKING_ENDPOINTS as RANK } from '@core/endpoints/rank-tracking';
import { groupedNumber, percentText } from '@core/number-text';
import type { RankKeyword } from '@core/schemas/rank-tracking';
import type { DomainVisibilityFigures, RankVisibility } from '@core/schemas/rank-visibility';
import { SERP_SOURCE_LABELS } from '@core/schemas/serp';
import {
  useCompetitorsFound,
  useRankKeywordMutations,
  useRankVisibility,
} from '../../api/rank-tracking';
import { useWorkspaceAllows } from '../../api/workspaces';
import { useDaysToggle } from './days-toggle';
import { dateTimeText, dayText } from './rank-format';

const RankVisibilityChart = lazy(() => import('../../components/rank-visibility-chart'));

const dateText = (date: string) => dayText(`${date}T12:00:00Z`);

/** Why traffic is '-': no volume source, or what went wrong with it. */
const trafficTitle = (report: Pick<RankVisibility, 'volumeSource' | 'volumeNote'>) =>
  report.volumeNote ??
  (report.volumeSource === null
    ? 'No keyword volume source is configured (DATAFORSEO_LOGIN): traffic is unknown.'
    : undefined);

/** A figure's move between the window's first and latest known days. */
function Change({ from, to }: { from: number | undefined; to: number | undefined }) {
  if (from === undefined || to === undefined) return <>-</>;
  const change = Number((to - from).toFixed(2));
  if (change === 0) return <span className="text-muted">0</span>;
  return (
    <span className={change > 0 ? 'text-success' : 'text-danger'}>
      {change > 0 ? '▲' : '▼'}
      {Math.abs(change)}
    </span>
  );
}

function FiguresTable({ report }: { report: RankVisibility }) {
  const known = report.points.filter((p) => p.figures !== null);
  const first = known[0];
  const latest = known.at(-1);
  if (!latest) return null;
  const figureOf = (point: typeof latest | undefined, domain: string) =>
    point?.figures?.find((f) => f.domain === domain);
  return (
    <Table
      responsive
      size="sm"
      className="align-middle text-nowrap"
      data-testid="rank-visibility-table"
    >
      <thead>
        <tr>
          <th scope="col">Domain</th>
          <th scope="col">Visibility</th>
          <th scope="col" title={`Since ${dateText(first!.date)}`}>
            Change
          </th>
          <th scope="col">Share of voice</th>
          <th scope="col">Avg. position</th>
          <th scope="col">In top 10</th>
          <th scope="col">Est. traffic</th>
        </tr>
      </thead>
      <tbody>
        {report.domains.map(({ domain, tracked }) => {
          const figure = figureOf(latest, domain)!;
          return (
            <tr key={domain} data-testid="rank-visibility-row" data-domain={domain}>
              <td>
                {domain}{' '}
                {tracked ? (
                  <Badge bg="primary">Yours</Badge>
                ) : (
                  <Badge bg="light" text="dark" className="border">
                    Competitor
                  </Badge>
                )}
              </td>
              <td data-testid="rank-visibility-value">{percentText(figure.visibility)}</td>
              <td>
                <Change
                  from={first === latest ? undefined : figureOf(first, domain)?.visibility}
                  to={figure.visibility}
                />
              </td>
              <td>{percentText(figure.shareOfVoice)}</td>
              <td>{figure.averagePosition ?? '-'}</td>
              <td>
                {figure.inTopTen} of {latest.known}
              </td>
              <td title={figure.traffic === null ? trafficTitle(report) : undefined}>
                {figure.traffic === null ? '-' : groupedNumber(figure.traffic)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** The domains most often in the keywords' top ten, each followed in a click. */
function CompetitorsFound({
  tag,
  keywords,
}: {
  tag: string | undefined;
  keywords: readonly RankKeyword[];
}) {
  const found = useCompetitorsFound(tag);
  const { addCompetitor } = useRankKeywordMutations();
  const follows = useWorkspaceAllows()(RANK.addCompetitor);
  const followed = (domain: string) =>
    keywords.length > 0 &&
    keywords.every((k) => k.domain === domain || k.competitors.includes(domain));
  return (
    <Card className="shadow-sm mb-3" data-testid="rank-competitors-found">
      <Card.Body>
        <h3 className="h5">Competitors found</h3>
        {found.isPending ? (
          <Spinner size="sm" aria-label="Finding competitors" />
        ) : found.isError ? (
          <Alert variant="danger">{found.error.message}</Alert>
        ) : found.data.found.length === 0 ? (
          <p className="text-muted mb-0" data-testid="rank-competitors-none">
            No check of the last 7 days has read a first page yet: competitors show once your
            keywords are checked.
          </p>
        ) : (
          <>
            <p className="small text-muted">
              The domains most often in the top 10 of your keywords’ latest checks of the last 7
              days ({found.data.known} of {found.data.keywords} keywords read
              {found.data.checkedAt ? `, newest ${dateTimeText(found.data.checkedAt)}` : ''}).
            </p>
            <Table responsive size="sm" className="align-middle text-nowrap mb-0">
              <thead>
                <tr>
                  <th scope="col">Domain</th>
                  <th scope="col">In top 10</th>
                  <th scope="col">Avg. position</th>
                  <th scope="col">Visibility</th>
                  {/* Positioned: the hidden name stays inside the table's scrolling box. */}
                  <th scope="col" className="position-relative">
                    <span className="visually-hidden">Follow</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {found.data.found.map((figure: DomainVisibilityFigures) => (
                  <tr key={figure.domain} data-testid="rank-competitor-found">
                    <td>{figure.domain}</td>
                    <td>
                      {figure.inTopTen} of {found.data.known}
                    </td>
                    <td>{figure.averagePosition ?? '-'}</td>
                    <td>{percentText(figure.visibility)}</td>
                    <td className="text-end">
                      {followed(figure.domain) ? (
                        <Badge bg="light" text="dark" className="border">
                          Following
                        </Badge>
                      ) : (
                        follows && (
                          <Button
                            size="sm"
                            variant="outline-primary"
                            disabled={addCompetitor.isPending}
                            onClick={() => addCompetitor.mutate({ domain: figure.domain, tag })}
                            data-testid="rank-follow-competitor"
                          >
                            Add as competitor
                          </Button>
                        )
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {addCompetitor.data && (
              <p className="small mt-2 mb-0" role="status" data-testid="rank-follow-result">
                Added to {addCompetitor.data.added}{' '}
                {addCompetitor.data.added === 1 ? 'keyword' : 'keywords'}
                {addCompetitor.data.full > 0 &&
                  `; ${addCompetitor.data.full} already follow the most competitors a keyword can`}
                .
              </p>
            )}
            {addCompetitor.isError && (
              <p className="small text-danger mt-2 mb-0">{addCompetitor.error.message}</p>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * How visible the workspace's keywords (or a tag's) make each domain: a line a domain over
 * 7 to 365 days, the latest figures with their change, share of voice and traffic where
 * volumes are known, the curve's source named, and the competitors found.
 */
export default function RankVisibilityPanel({
  keywords,
  tag,
}: {
  keywords: readonly RankKeyword[];
  tag: string | undefined;
}) {
  const { days, toggle } = useDaysToggle('rank-visibility-days');
  const visibility = useRankVisibility(days, tag);
  const inSet = keywords.filter((k) => tag === undefined || k.tags.includes(tag));
  const sources = [
    ...new Set(inSet.flatMap((k) => (k.latest?.provider ? [k.latest.provider] : []))),
  ];
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 className="h5 mb-0 me-auto">Visibility{tag ? ` · ${tag}` : ''}</h3>
        {toggle}
      </div>
      {visibility.isPending ? (
        <Spinner size="sm" aria-label="Loading visibility" />
      ) : visibility.isError ? (
        <Alert variant="danger" data-testid="rank-visibility-error">
          {visibility.error.message}
        </Alert>
      ) : (
        <Card className="shadow-sm mb-3">
          <Card.Body>
            <p className="small text-muted" data-testid="rank-visibility-source">
              Each keyword’s position weighted by the click-through curve of{' '}
              <a href={visibility.data.curve.url} target="_blank" rel="noopener noreferrer">
                {visibility.data.curve.source}
              </a>{' '}
              (position 1: {percentText(visibility.data.curve.ctr[0]! * 100)} of clicks; past the
              first page: none). 100 % is position 1 on every keyword; share of voice is the share
              of every top-10 result’s clicks.
              {sources.length > 0 &&
                ` Positions from ${sources.map((s) => SERP_SOURCE_LABELS[s]).join(', ')}.`}
            </p>
            {visibility.data.points.every((p) => p.figures === null) ? (
              <p className="text-muted mb-0" data-testid="rank-visibility-none">
                No check of the last {days} days has read a first page yet: visibility shows once{' '}
                {groupedNumber(visibility.data.keywords)}{' '}
                {visibility.data.keywords === 1 ? 'keyword is' : 'keywords are'} checked.
              </p>
            ) : (
              <>
                <Suspense fallback={<Spinner size="sm" aria-label="Loading the chart" />}>
                  <RankVisibilityChart report={visibility.data} />
                </Suspense>
                <FiguresTable report={visibility.data} />
                <p className="small text-muted mb-0">
                  A day counts the keywords whose check read their first page that day; a failed or
                  missing check is left out, never counted as not ranking.
                </p>
              </>
            )}
          </Card.Body>
        </Card>
      )}
      <CompetitorsFound tag={tag} keywords={inSet} />
    </>
  );
}
