import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { SERP_MESSAGES } from '@core/messages';
import { agoText } from '../../components/measured-at-text';
import { useNow } from '../../components/use-now';

/**
 * Results opened from a share link: says they are the sharer's, from when, and that they
 * cost nothing; searching afresh is one click and counts as a search.
 */
export function SharedResultsAlert({
  searchedAt,
  onSearch,
}: {
  searchedAt: string;
  onSearch: () => void;
}) {
  const now = useNow();
  return (
    <Alert variant="info" className="py-2" data-testid="shared-results">
      <time dateTime={searchedAt} title={new Date(searchedAt).toLocaleString()}>
        {SERP_MESSAGES.sharedResults(agoText(searchedAt, now))}
      </time>{' '}
      {SERP_MESSAGES.sharedResultsFree}{' '}
      <Button variant="link" className="p-0 align-baseline" onClick={onSearch}>
        {SERP_MESSAGES.searchAfresh}
      </Button>
    </Alert>
  );
}

/** A share link that shows nothing (unknown or expired): why, and a search of its term. */
export function SharedFailureAlert({
  message,
  term,
  onSearch,
}: {
  message: string;
  term: string | null;
  onSearch: (term: string) => void;
}) {
  return (
    <Alert variant="warning" data-testid="shared-failure">
      {message}
      {term && (
        <>
          {' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => onSearch(term)}>
            {SERP_MESSAGES.searchAfresh}
          </Button>
        </>
      )}
    </Alert>
  );
}
