import type { CategoryAudit } from '@core/lighthouse-categories';
import { AUDIT_OUTCOME_WORDS } from '@core/audit-comparison';
import { GradeMark } from '../../components/grade-mark';
import { LighthouseText } from '../../components/insights/lighthouse-text';
import type { SerpCard } from './use-serp-analysis';

/** The SEO audits a card shows, in this order, by what they answer. */
const VERDICTS: { id: string; name: string }[] = [
  { id: 'is-crawlable', name: 'Crawlable' },
  { id: 'meta-description', name: 'Meta description' },
  { id: 'hreflang', name: 'hreflang' },
  { id: 'canonical', name: 'Canonical' },
  { id: 'structured-data', name: 'Structured data' },
];

const BAND = { failed: 'fail', passed: 'pass' } as const;

function Verdict({ name, audit }: { name: string; audit: CategoryAudit | undefined }) {
  if (!audit)
    return (
      <li>
        <GradeMark band="neutral" /> {name}: <span className="text-muted">-</span>
      </li>
    );
  // The first element or URL behind a failure ('x-robots-tag: noindex', the meta tag).
  const why = audit.outcome === 'failed' ? audit.items[0] : undefined;
  return (
    <li data-testid="seo-verdict" data-audit={audit.id} data-outcome={audit.outcome}>
      <GradeMark
        band={
          audit.outcome === 'failed' || audit.outcome === 'passed' ? BAND[audit.outcome] : 'neutral'
        }
      />{' '}
      {name}: {AUDIT_OUTCOME_WORDS[audit.outcome]}
      {audit.outcome !== 'passed' && audit.outcome !== 'manual' && (
        <span className="text-muted">
          {' '}
          — <LighthouseText markdown={audit.title} />
        </span>
      )}
      {why && <code className="d-block text-break ms-3">{why.snippet ?? why.label}</code>}
    </li>
  );
}

/**
 * The SEO category's verdicts on the card's page, from the speed run the card already
 * makes (the person opted in): crawlable, meta description, hreflang, canonical, and
 * structured data, which Lighthouse leaves to a person to check.
 */
export function SeoVerdicts({ card }: { card: SerpCard }) {
  if (!card.seoAsked) return null;
  const { speed } = card;
  return (
    <section className="small mt-2" data-testid="seo-verdicts">
      <h4 className="h6 small fw-semibold mb-1">SEO (Lighthouse)</h4>
      {speed.status === 'loading' ? (
        <p className="text-muted mb-0">The verdicts come with the card's speed run.</p>
      ) : speed.status === 'error' ? (
        <p className="text-muted mb-0">No verdicts: the speed run failed.</p>
      ) : !speed.result.categories?.seo ? (
        <p className="text-muted mb-0">
          No verdicts: this result was measured without the SEO category.
        </p>
      ) : (
        <ul className="list-unstyled mb-0">
          {VERDICTS.map(({ id, name }) => (
            <Verdict
              key={id}
              name={name}
              audit={speed.result.categories!.seo!.audits.find((audit) => audit.id === id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
