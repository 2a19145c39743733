import { BarChart3, Check, Copy, Crosshair, LineChart } from 'lucide-react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { trackKeywordHref } from '@core/rank-tracking/links';
import { ROUTES } from '@core/routes';
import { useCopy } from '../../components/use-copy';

const q = encodeURIComponent;

/**
 * From an idea to the other tools in one click: its SERP analysis, a rank check, tracking
 * its rank daily, a copy.
 */
export function IdeaActions({ keyword, className }: { keyword: string; className?: string }) {
  const { copied, copy } = useCopy('keyword');
  return (
    <span className={`d-inline-flex gap-1 ${className ?? ''}`} data-testid="idea-actions">
      <Link
        className="btn btn-sm btn-outline-secondary py-0 px-1"
        to={`${ROUTES.serpAnalysis}?searchTerm=${q(keyword)}`}
        aria-label={`Analyse the SERP of ${keyword}`}
        title="Analyse its SERP"
        data-testid="idea-analyse"
      >
        <BarChart3 size="1em" aria-hidden />
      </Link>
      <Link
        className="btn btn-sm btn-outline-secondary py-0 px-1"
        to={`${ROUTES.serpChecker}?searchTerm=${q(keyword)}`}
        aria-label={`Check a site's rank for ${keyword}`}
        title="Check a rank"
        data-testid="idea-rank"
      >
        <Crosshair size="1em" aria-hidden />
      </Link>
      <Link
        className="btn btn-sm btn-outline-secondary py-0 px-1"
        to={trackKeywordHref({ keyword })}
        aria-label={`Track the rank of ${keyword} daily`}
        title="Track its rank"
        data-testid="idea-track"
      >
        <LineChart size="1em" aria-hidden />
      </Link>
      <Button
        size="sm"
        variant="outline-secondary"
        className="py-0 px-1"
        onClick={() => copy(keyword)}
        aria-label={copied ? `Copied ${keyword}` : `Copy ${keyword}`}
        title={copied ? 'Copied' : 'Copy'}
        data-testid="idea-copy"
      >
        {copied ? <Check size="1em" aria-hidden /> : <Copy size="1em" aria-hidden />}
      </Button>
    </span>
  );
}
