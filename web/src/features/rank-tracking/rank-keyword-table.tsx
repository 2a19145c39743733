import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { rankKeywordHref } from '@core/rank-tracking/links';
import { RANK_CHANGE_DAYS, type RankKeyword } from '@core/schemas/rank-tracking';
import { ConfirmDelete } from '../../components/confirm-delete';
import { SerpFeatureBadges } from '../../components/serp-feature-badges';
import { RANK_TRACKING_ENDPOINTS as RANK } from '@core/endpoints/rank-tracking';
import { useRankKeywordMutations } from '../../api/rank-tracking';
import { useWorkspaceAllows } from '../../api/workspaces';
import { useNow } from '../../components/use-now';
import { UpgradeMessage } from '../../components/upgrade-message';
import { placeText } from './rank-format';
import { RankKeywordEdit } from './rank-keyword-edit';
import { CheckSource, RankChange, RankPosition } from './rank-position';
import { RankSparkline } from './rank-sparkline';

const CHANGE_KEYS = { 1: 'd1', 7: 'd7', 30: 'd30' } as const;

function KeywordRow({ keyword: k, now }: { keyword: RankKeyword; now: number }) {
  const { check, remove } = useRankKeywordMutations();
  const allows = useWorkspaceAllows();
  const [editing, setEditing] = useState(false);
  const url = k.latest?.state === 'ranked' ? k.latest.url : null;
  return (
    <tr data-testid="rank-keyword" data-keyword={k.keyword}>
      <td data-label="Keyword">
        <div>
          <Link to={rankKeywordHref(k.id)} className="fw-semibold" data-testid="rank-keyword-link">
            {k.keyword}
          </Link>
          {k.tags.length > 0 && (
            <div className="d-flex flex-wrap gap-1 mt-1">
              {k.tags.map((tag) => (
                <Badge key={tag} bg="light" text="dark" className="border">
                  {tag}
                </Badge>
              ))}
            </div>
          )}
        </div>
      </td>
      <td data-label="Domain">
        <div>
          {k.domain}
          {k.competitors.length > 0 && (
            <div className="small text-muted">
              +{k.competitors.length} {k.competitors.length === 1 ? 'competitor' : 'competitors'}
            </div>
          )}
        </div>
      </td>
      <td data-label="Device, place" className="small">
        <div>
          {placeText(k)}
          {k.sandbox && (
            <div>
              <Badge bg="warning" text="dark" data-testid="rank-sandbox-badge">
                Sandbox
              </Badge>
            </div>
          )}
        </div>
      </td>
      <td data-label="Position">
        <div>
          <RankPosition check={k.latest} large />
          <CheckSource check={k.latest} now={now} />
        </div>
      </td>
      <td data-label="SERP features">
        <div>
          <SerpFeatureBadges features={k.latest?.features} domain={k.domain} />
        </div>
      </td>
      {RANK_CHANGE_DAYS.map((days) => (
        <td key={days} data-label={`${days}d`} className="text-nowrap">
          <RankChange change={k.change[CHANGE_KEYS[days]]} days={days} />
        </td>
      ))}
      <td
        data-label="Best"
        title={k.best ? new Date(k.best.checkedAt).toLocaleDateString() : undefined}
      >
        {k.best?.position ?? '-'}
      </td>
      <td data-label="URL" className="sr-rank-url">
        <div>
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" className="small text-break">
              {url.replace(/^https?:\/\//, '')}
            </a>
          ) : (
            '-'
          )}
        </div>
      </td>
      <td data-label="30 days">
        <div>
          <RankSparkline values={k.sparkline} keyword={k.keyword} />
        </div>
      </td>
      <td data-label="Actions">
        <div>
          <div className="d-flex flex-wrap gap-1 sr-rank-actions">
            {allows(RANK.checkKeyword) && (
              <Button
                size="sm"
                variant="outline-primary"
                disabled={check.isPending}
                onClick={() => check.mutate(k.id)}
                data-testid="rank-check-now"
              >
                {check.isPending ? <Spinner size="sm" aria-label="Checking" /> : 'Check now'}
              </Button>
            )}
            {allows(RANK.updateKeyword) && (
              <Button size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {allows(RANK.removeKeyword) && (
              <ConfirmDelete
                confirmLabel="Delete it and its history"
                pending={remove.isPending}
                onConfirm={() => remove.mutate(k.id)}
              />
            )}
          </div>
          {check.isError && (
            <div className="small text-danger mt-1" data-testid="rank-check-error">
              <UpgradeMessage text={check.error.message} />
            </div>
          )}
          {remove.isError && <div className="small text-danger mt-1">{remove.error.message}</div>}
          {editing && <RankKeywordEdit keyword={k} onClose={() => setEditing(false)} />}
        </div>
      </td>
    </tr>
  );
}

/**
 * The tracked keywords: position (state-aware), moves over 1/7/30 days, best, ranking URL,
 * the 30-day line and each keyword's actions. Under the md width each row is a card.
 */
export function RankKeywordTable({ keywords }: { keywords: readonly RankKeyword[] }) {
  const now = useNow();
  return (
    <table className="table align-middle sr-rank-table" data-testid="rank-keywords">
      <thead>
        <tr>
          <th scope="col">Keyword</th>
          <th scope="col">Domain</th>
          <th scope="col">Device, place</th>
          <th scope="col">Position</th>
          <th scope="col" title="SERP features of the latest check; filled: owned by the domain">
            SERP features
          </th>
          {RANK_CHANGE_DAYS.map((days) => (
            <th
              scope="col"
              key={days}
              title={`Change over ${days === 1 ? 'a day' : `${days} days`}`}
            >
              {days}d
            </th>
          ))}
          <th scope="col">Best</th>
          <th scope="col">URL</th>
          <th scope="col">30 days</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {keywords.map((k) => (
          <KeywordRow key={k.id} keyword={k} now={now} />
        ))}
      </tbody>
    </table>
  );
}
