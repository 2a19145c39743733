import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { SERP_MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import type { CoverageNotice } from '@core/schemas/serp';

interface Props {
  /** The search the sandbox web has no page about. */
  term: string;
  notice: CoverageNotice | null | undefined;
}

/**
 * Says that the sandbox web has no page about a search and names the topics it covers,
 * each a link that runs a search of it (a new page load, as the search page reads its term
 * from the address once).
 */
export function CoverageNoticeAlert({ term, notice }: Props) {
  if (!notice) return null;
  return (
    <Alert variant="info" className="mt-3" data-testid="coverage-notice">
      {SERP_MESSAGES.notCovered(term)} {SERP_MESSAGES.sandboxCovers}{' '}
      {notice.topics.map(({ label, searchTerm }, i) => (
        <span key={label}>
          {i > 0 && ' · '}
          <Link
            to={`${ROUTES.serpAnalysis}?searchTerm=${encodeURIComponent(searchTerm)}`}
            title={SERP_MESSAGES.searchTopic(searchTerm)}
            reloadDocument
          >
            {label}
          </Link>
        </span>
      ))}
    </Alert>
  );
}
