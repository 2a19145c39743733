import { lazy, Suspense } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { RANK_TRACKING_MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import { SERP_SOURCE_LABELS } from '@core/schemas/serp';
import { RANK_CHANGE_DAYS, type RankCheck, type RankKeyword } from '@core/schemas/rank-tracking';
import { RANK_TRACKING_ENDPOINTS } from '@core/endpoints/rank-tracking';
import { useRankHistory, useRankKeywordMutations, useRankKeywords } from '../../api/rank-tracking';
import { useWorkspaceAllows } from '../../api/workspaces';
import { useNow } from '../../components/use-now';
import { SERP_FEATURE_ICONS, SerpFeatureBadges } from '../../components/serp-feature-badges';
import { ownsFeature, SERP_FEATURE_NAMES } from '@core/schemas/serp-features';
import { UpgradeMessage } from '../../components/upgrade-message';
import { useDaysToggle } from './days-toggle';
import { dateTimeText, placeText } from './rank-format';
import { CheckSource, RankChange, RankPosition } from './rank-position';

const RankHistoryChart = lazy(() => import('./rank-history-chart'));

const STATE_NAMES = {
  ranked: 'Ranked',
  not_in_top: 'Not in the top',
  partial: 'Partial',
  failed: 'Failed',
} as const;

/** Every check of the window, newest first, with what each found or why it failed. */
function HistoryTable({ checks, domain }: { checks: readonly RankCheck[]; domain: string }) {
  return (
    <Table responsive size="sm" className="align-middle" data-testid="rank-history-table">
      <thead>
        <tr>
          <th scope="col">Checked</th>
          <th scope="col">State</th>
          <th scope="col">Position</th>
          <th scope="col">URL</th>
          <th scope="col">SERP features</th>
          <th scope="col">Provider</th>
          <th scope="col">Error</th>
        </tr>
      </thead>
      <tbody>
        {[...checks].reverse().map((check) => (
          <tr key={check.checkedAt} data-testid="rank-history-row" data-state={check.state}>
            <td className="text-nowrap">{dateTimeText(check.checkedAt)}</td>
            <td>
              <Badge
                bg={
                  check.state === 'failed'
                    ? 'danger'
                    : check.state === 'partial'
                      ? 'warning'
                      : check.state === 'ranked'
                        ? 'success'
                        : 'secondary'
                }
                text={check.state === 'partial' ? 'dark' : undefined}
              >
                {STATE_NAMES[check.state]}
              </Badge>
            </td>
            <td>
              <RankPosition check={check} />
            </td>
            <td className="small sr-rank-url">
              {check.url ? (
                <a href={check.url} target="_blank" rel="noopener noreferrer">
                  {check.url}
                </a>
              ) : (
                '-'
              )}
            </td>
            <td>
              <SerpFeatureBadges features={check.features} domain={domain} />
            </td>
            <td className="small">{check.provider ? SERP_SOURCE_LABELS[check.provider] : '-'}</td>
            <td className="small text-danger">{check.error ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const CHANGE_KEYS = { 1: 'd1', 7: 'd7', 30: 'd30' } as const;

/** The latest check's SERP features, and which of the domain and its competitors own each. */
function FeatureOwners({ keyword: k }: { keyword: RankKeyword }) {
  const features = k.latest?.features;
  if (!features || features.length === 0) return null;
  const sites = [k.domain, ...k.competitors];
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body>
        <h3 className="h6">SERP features of the latest check</h3>
        <Table size="sm" responsive className="mb-0 align-middle" data-testid="rank-feature-owners">
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Owned by</th>
            </tr>
          </thead>
          <tbody>
            {features.map((feature) => {
              const owners = sites.filter((site) => ownsFeature(feature, site));
              const Icon = SERP_FEATURE_ICONS[feature.kind];
              return (
                <tr key={feature.kind} data-kind={feature.kind}>
                  <td className="text-nowrap">
                    <Icon size={14} aria-hidden className="me-1" />
                    {SERP_FEATURE_NAMES[feature.kind]}
                  </td>
                  <td className="small text-break">
                    {owners.length > 0
                      ? owners.join(', ')
                      : feature.owners.length > 0
                        ? `Others: ${feature.owners.slice(0, 3).join(', ')}`
                        : 'No site linked'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}

function Summary({ keyword: k }: { keyword: RankKeyword }) {
  const now = useNow();
  const { check } = useRankKeywordMutations();
  const checks = useWorkspaceAllows()(RANK_TRACKING_ENDPOINTS.checkKeyword);
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body className="d-flex flex-wrap gap-4 align-items-start">
        <div>
          <div className="small text-muted">Latest position</div>
          <RankPosition check={k.latest} large />
          <CheckSource check={k.latest} now={now} />
        </div>
        {RANK_CHANGE_DAYS.map((days) => (
          <div key={days}>
            <div className="small text-muted">{days === 1 ? '1 day' : `${days} days`}</div>
            <RankChange change={k.change[CHANGE_KEYS[days]]} days={days} />
          </div>
        ))}
        <div>
          <div className="small text-muted">Best</div>
          {k.best ? (
            <span title={dateTimeText(k.best.checkedAt)} data-testid="rank-best">
              {k.best.position}
            </span>
          ) : (
            '-'
          )}
        </div>
        {checks && (
          <div className="ms-md-auto">
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled={check.isPending}
              onClick={() => check.mutate(k.id)}
              data-testid="rank-check-now"
            >
              {check.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
              Check now
            </button>
            {check.isError && (
              <div className="small text-danger mt-1">
                <UpgradeMessage text={check.error.message} />
              </div>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * One keyword: its latest position and moves, its positions over the chosen window beside
 * its competitors' (failed checks as marked gaps), and every check of the window.
 */
export default function RankKeywordDetail({ id }: { id: string }) {
  const { days, toggle } = useDaysToggle('rank-days');
  const list = useRankKeywords();
  const history = useRankHistory(id, days);
  const keyword = list.data?.keywords.find((k) => k.id === id);

  const back = (
    <Link to={ROUTES.rankTracking} className="d-inline-block mb-3">
      ← All keywords
    </Link>
  );
  if (list.isPending) return <Spinner size="sm" aria-label="Loading the keyword" />;
  if (list.isError) return <Alert variant="danger">{list.error.message}</Alert>;
  if (!keyword) {
    return (
      <>
        {back}
        <Alert variant="warning" data-testid="rank-not-found">
          {RANK_TRACKING_MESSAGES.notFound}
        </Alert>
      </>
    );
  }
  const checks = history.data ?? [];
  return (
    <>
      {back}
      <h2 className="h4 mb-1" data-testid="rank-detail-keyword">
        {keyword.keyword}
      </h2>
      <p className="text-muted mb-3">
        {keyword.domain} · {placeText(keyword)} · depth {keyword.depth}
      </p>
      {keyword.sandbox && (
        <Alert variant="warning" data-testid="rank-sandbox">
          {RANK_TRACKING_MESSAGES.sandbox}
        </Alert>
      )}
      <Summary keyword={keyword} />
      <FeatureOwners keyword={keyword} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 className="h5 mb-0 me-auto">Positions over time</h3>
        {toggle}
      </div>
      {history.isPending ? (
        <Spinner size="sm" aria-label="Loading the history" />
      ) : history.isError ? (
        <Alert variant="danger" data-testid="rank-history-error">
          {history.error.message}
        </Alert>
      ) : checks.length === 0 ? (
        <p className="text-muted" data-testid="rank-no-checks">
          No check in the last {days} days: the first runs within a day, or now with “Check now”.
        </p>
      ) : (
        <>
          <Card className="shadow-sm mb-3">
            <Card.Body>
              <Suspense fallback={<Spinner size="sm" aria-label="Loading the chart" />}>
                <RankHistoryChart
                  domain={keyword.domain}
                  competitors={keyword.competitors}
                  checks={checks}
                />
              </Suspense>
            </Card.Body>
          </Card>
          <HistoryTable checks={checks} domain={keyword.domain} />
        </>
      )}
    </>
  );
}
