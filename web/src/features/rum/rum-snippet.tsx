import { Check, Copy } from 'lucide-react';
import Button from 'react-bootstrap/Button';
import { useCopy } from '../../components/use-copy';

/** What the beacon does and does not do, as the script and the server implement it. */
const PRIVACY_FACTS = [
  'No cookies, and nothing kept in the visitor’s browser storage.',
  'Nothing that identifies a visitor is kept: no IP address, no user agent, no query string. Only the page’s path (its ids grouped), the device and connection type, the five metrics and the elements behind them.',
  'A browser that sends Global Privacy Control (GPC) is not measured at all; bots are not counted.',
] as const;

/** The one line a site's pages carry, to copy, with where it goes and what it collects. */
export function RumSnippet({ snippet }: { snippet: string }) {
  const { copied, copy } = useCopy('snippet');
  return (
    <div data-testid="rum-snippet">
      <p className="mb-2">
        Put this line in every page of the site, just before <code>&lt;/head&gt;</code>:
      </p>
      <div className="d-flex align-items-start gap-2 mb-3">
        <pre className="sr-snippet flex-grow-1 mb-0 p-2 border rounded bg-light">
          <code data-testid="rum-snippet-code">{snippet}</code>
        </pre>
        <Button
          variant="outline-secondary"
          size="sm"
          className="text-nowrap"
          onClick={() => copy(snippet)}
          aria-label={copied ? 'Snippet copied' : 'Copy the snippet'}
        >
          {copied ? <Check size="1em" aria-hidden /> : <Copy size="1em" aria-hidden />}{' '}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <ul className="small text-muted mb-0" data-testid="rum-privacy">
        {PRIVACY_FACTS.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
    </div>
  );
}
