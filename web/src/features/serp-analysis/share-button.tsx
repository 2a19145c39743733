import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Overlay from 'react-bootstrap/Overlay';
import Tooltip from 'react-bootstrap/Tooltip';
import { ROUTES } from '@core/routes';
import { COPIED_TOOLTIP_MS } from '@core/serp-display';

/**
 * Copies a link to this search: the page URL with the search term, and 'copied' for 3 s.
 * With the id of the kept results, whoever opens the link sees them without a search.
 */
export function ShareButton({ term, shareId }: { term: string; shareId: string | null }) {
  const target = useRef<HTMLButtonElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_TOOLTIP_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const share = async () => {
    const share = shareId ? `&share=${shareId}` : '';
    const url = `${window.location.origin}${ROUTES.serpAnalysis}?searchTerm=${encodeURIComponent(term)}${share}`;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (error) {
      console.error('copying the share link failed', error);
    }
  };

  return (
    <>
      <Button
        ref={target}
        variant="outline-secondary"
        size="sm"
        onClick={() => void share()}
        data-testid="share-link"
      >
        Share
      </Button>
      <Overlay target={target} show={copied} placement="top">
        {(props) => (
          <Tooltip id="share-copied" {...props}>
            copied
          </Tooltip>
        )}
      </Overlay>
    </>
  );
}
