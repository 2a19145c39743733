import Badge from 'react-bootstrap/Badge';
import { changeText, positionText } from '@core/rank-tracking/position';
import { SERP_SOURCE_LABELS } from '@core/schemas/serp';
import type { RankCheck } from '@core/schemas/rank-tracking';
import { agoText } from '../../components/measured-at-text';
import { dateTimeText } from './rank-format';

/**
 * A check's position, never a false number: the figure when ranked, what was read when not,
 * and for a failed check '-' with a marker, its reasons in the title.
 */
export function RankPosition({
  check,
  large = false,
}: {
  check: RankCheck | null;
  large?: boolean;
}) {
  const shown = positionText(check);
  // Relative, so that its hidden text stays inside a table that scrolls sideways.
  return (
    <span
      className="position-relative"
      title={shown.title}
      data-testid="rank-position"
      data-state={shown.state}
    >
      {shown.state === 'ranked' ? (
        <span className={large ? 'fs-5 fw-semibold' : 'fw-semibold'}>{shown.text}</span>
      ) : shown.state === 'failed' ? (
        <>
          <span aria-hidden>{shown.text}</span>{' '}
          <Badge bg="danger" data-testid="rank-failed">
            Failed
          </Badge>
          <span className="visually-hidden">{shown.title}</span>
        </>
      ) : (
        <span className={shown.state === 'partial' ? 'text-warning-emphasis' : 'text-muted'}>
          {shown.text}
        </span>
      )}
    </span>
  );
}

/** Where and when the latest check was made: the provider and its time. */
export function CheckSource({ check, now }: { check: RankCheck | null; now: number }) {
  if (!check) return null;
  return (
    <div className="small text-muted" data-testid="rank-source">
      {check.provider ? SERP_SOURCE_LABELS[check.provider] : 'no provider'} ·{' '}
      <time dateTime={check.checkedAt} title={dateTimeText(check.checkedAt)}>
        {agoText(check.checkedAt, now)}
      </time>
    </div>
  );
}

const CHANGE_CLASS = {
  up: 'text-success',
  down: 'text-danger',
  same: 'text-muted',
  unknown: 'text-muted',
} as const;

/** A move over `days`: up green, down red, '-' when either end is unknown. */
export function RankChange({ change, days }: { change: number | null; days: number }) {
  const shown = changeText(change, days);
  return (
    <span
      className={CHANGE_CLASS[shown.direction]}
      title={shown.label}
      data-testid={`rank-change-${days}`}
    >
      <span aria-hidden>{shown.text}</span>
      <span className="visually-hidden">{shown.label}</span>
    </span>
  );
}
