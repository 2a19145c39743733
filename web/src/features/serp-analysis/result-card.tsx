import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import ToggleButton from 'react-bootstrap/ToggleButton';
import { scoreClass } from '@core/metrics';
import { LAB_KEYS, type LabKey } from '@core/speed-summary';
import { WORD_COUNT_ERROR_MS, shortTitle, statusVariant } from '@core/serp-display';
import type { OrganicResult } from './serp-api';
import type { CardSpeed, PageFactsEntry } from './use-serp-analysis';

interface Props {
  result: OrganicResult;
  facts: PageFactsEntry | undefined;
  factsFailed: boolean;
  speed: CardSpeed | undefined;
  onRetry(): void;
  /** The lab metric chosen in any card's Lab tab; spec 001 §2 shares it across cards. */
  labMetric: LabKey;
  onLabMetric(metric: LabKey): void;
  /** Likewise the field metric of the Field tab. */
  fieldMetric: string;
  onFieldMetric(metric: string): void;
}

const FIELD_CHIPS = ['lcp', 'inp', 'fid', 'cls'] as const;
const PSI_REPORT = 'https://pagespeed.web.dev/report?url=';
const SCHEMA_VALIDATOR = 'https://validator.schema.org/#url=';

/** Spec 001 §2 'Result card'. */
export function ResultCard({ result, facts, factsFailed, speed, onRetry, ...lab }: Props) {
  const [open, setOpen] = useState(false);
  const [wordCountLate, setWordCountLate] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWordCountLate(true), WORD_COUNT_ERROR_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const score = speed?.status === 'done' ? speed.result?.lab.psi?.score : undefined;
  const words =
    facts?.total ??
    (factsFailed || wordCountLate || (facts && facts.total === null) ? 'Error' : '…');
  return (
    <Card data-testid="result-card">
      <Card.Body>
        <div className="d-flex justify-content-between small text-body-secondary">
          <span className="text-truncate">{result.domain}</span>
          <span data-testid="result-rank">#{result.position}</span>
        </div>
        <Card.Title as="h2" className="h6 mt-1">
          <a href={result.link} target="_blank" rel="noopener noreferrer" title={result.title}>
            {shortTitle(result.title)}
          </a>
        </Card.Title>
        {speed?.status === 'loading' && (
          <ProgressBar now={speed.progress} className="my-2" style={{ height: 6 }} />
        )}
        {speed?.status === 'error' ? (
          <div className="text-danger small" data-testid="result-speed-error">
            Error:{' '}
            <a href={PSI_REPORT + encodeURIComponent(result.link)} target="_blank" rel="noreferrer">
              Load PSI
            </a>
            {!speed.retried && (
              <>
                {' '}
                <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onRetry}>
                  Retry
                </Button>
              </>
            )}
          </div>
        ) : (
          <div data-testid="result-score">
            Performance:{' '}
            {score === undefined ? (
              <span className="text-body-secondary">Still Loading</span>
            ) : (
              <strong className={`sr-${scoreClass(score)}`}>{score}</strong>
            )}
          </div>
        )}
        <div data-testid="result-words">Word count: {words}</div>
        <Button
          variant="link"
          size="sm"
          className="p-0 mt-2"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'less data' : 'more data'}
        </Button>
        {open && <ResultDetails result={result} facts={facts} speed={speed} {...lab} />}
      </Card.Body>
    </Card>
  );
}

function ResultDetails({
  result,
  facts,
  speed,
  labMetric,
  onLabMetric,
  fieldMetric,
  onFieldMetric,
}: Omit<Props, 'factsFailed' | 'onRetry'>) {
  const meta = facts?.meta;
  const labResult = speed?.status === 'done' ? speed.result : null;
  const metric = labResult?.lab[labMetric];
  return (
    <Tabs defaultActiveKey="content" className="mt-2 small" mountOnEnter>
      <Tab eventKey="content" title="Content">
        {meta && (facts?.total ?? 0) > 10 ? (
          <dl className="small mt-2 mb-0" data-testid="result-content">
            <dt>Title tag</dt>
            <dd>{meta.title || 'site has no title'}</dd>
            <dt>Description</dt>
            <dd>{meta.description || 'site has no description!'}</dd>
            <dt>Language</dt>
            <dd>{meta.lang || 'N/A'}</dd>
            <dt>H1</dt>
            <dd>{meta.h1 || 'missing h1 tag!'}</dd>
            <dt>H2 ({meta.h2.size})</dt>
            <dd>
              {meta.h2.size === 0
                ? 'no h2 tags found!'
                : meta.h2.list.slice(0, 3).map((h2) => <div key={h2}>{h2}</div>)}
            </dd>
          </dl>
        ) : (
          <p className="small mt-2 mb-0">Data Unavailable</p>
        )}
      </Tab>
      <Tab eventKey="schema" title="Schema Types">
        <div className="small mt-2" data-testid="result-schema">
          {facts && facts.schemaObject.length > 0 ? (
            <ul className="mb-1 ps-3">
              {facts.schemaObject.map((type) => (
                <li key={type}>{type}</li>
              ))}
            </ul>
          ) : (
            <p className="mb-1">no types</p>
          )}
          <a
            href={SCHEMA_VALIDATOR + encodeURIComponent(result.link)}
            target="_blank"
            rel="noreferrer"
          >
            validate schema
          </a>
        </div>
      </Tab>
      <Tab eventKey="lab" title="Lab">
        <MetricChips
          label="Lab metric"
          idPrefix={`lab-${result.position}`}
          keys={LAB_KEYS}
          value={labMetric}
          onChange={onLabMetric}
        />
        <p className="small mt-2 mb-0" data-testid="result-lab">
          {metric ? (
            <>
              {metric.label}: <strong>{metric.displayValue}</strong>
            </>
          ) : labResult ? (
            'no data'
          ) : (
            'Still Loading'
          )}
        </p>
      </Tab>
      <Tab eventKey="field" title="Field">
        <FieldPanel
          speed={speed}
          metric={fieldMetric}
          onMetric={onFieldMetric}
          id={result.position}
        />
      </Tab>
      <Tab eventKey="tech" title="Tech">
        <div className="small mt-2" data-testid="result-tech">
          {facts ? (
            <>
              <div className="d-flex flex-wrap gap-1">
                {facts.redirects.map((hop, i) => (
                  <Badge key={i} bg={statusVariant(hop.status)} title={hop.url}>
                    {hop.status}
                  </Badge>
                ))}
              </div>
              <div className="mt-1 text-break">
                Canonical:{' '}
                {!facts.meta?.url
                  ? 'missing canonical url!'
                  : facts.meta.url === facts.finalUrl || facts.meta.url === result.link
                    ? 'self referencing'
                    : facts.meta.url}
              </div>
            </>
          ) : (
            'Data Unavailable'
          )}
        </div>
      </Tab>
    </Tabs>
  );
}

/**
 * Spec 001 §2 'Field': the page's real-user metrics as chips, FCP beside them and the Core
 * Web Vitals badge. INP stands where the spec has FID, which CrUX no longer reports; FID
 * still shows when a source sends it.
 */
function FieldPanel({
  speed,
  metric,
  onMetric,
  id,
}: {
  speed: CardSpeed | undefined;
  metric: string;
  onMetric(metric: string): void;
  id: number;
}) {
  if (speed?.status !== 'done') return <p className="small mt-2 mb-0">Still Loading</p>;
  const field = speed.result?.field.page;
  if (!field) return <p className="small mt-2 mb-0">Not enough real user data</p>;
  const chips = FIELD_CHIPS.filter((key) => key !== 'fid' || field.metrics.fid);
  const chosen = field.metrics[metric];
  const fcp = field.metrics.fcp;
  return (
    <div className="small mt-2" data-testid="result-field">
      <MetricChips
        label="Field metric"
        idPrefix={`field-${id}`}
        keys={chips}
        value={metric}
        onChange={onMetric}
      />
      <p className="mt-2 mb-1">
        {chosen ? (
          <>
            {chosen.label}:{' '}
            <strong className={chosen.speedColor ? `sr-${chosen.speedColor}` : ''}>
              {chosen.displayValue}
            </strong>
          </>
        ) : (
          'no data'
        )}
      </p>
      {fcp && (
        <p className="mb-1">
          {fcp.label}: {fcp.displayValue}
        </p>
      )}
      {field.coreWebVitals && (
        <Badge bg={field.coreWebVitals === 'Pass' ? 'success' : 'danger'}>
          Core Web Vitals: {field.coreWebVitals}
        </Badge>
      )}
    </div>
  );
}

/** Radio chips choosing which metric the cards show (spec 001 §2). */
function MetricChips<K extends string>({
  label,
  idPrefix,
  keys,
  value,
  onChange,
}: {
  label: string;
  idPrefix: string;
  keys: readonly K[];
  value: string;
  onChange(key: K): void;
}) {
  return (
    <div className="d-flex flex-wrap gap-1 mt-2" role="radiogroup" aria-label={label}>
      {keys.map((key) => (
        <ToggleButton
          key={key}
          id={`${idPrefix}-${key}`}
          type="radio"
          size="sm"
          variant="outline-secondary"
          value={key}
          checked={value === key}
          onChange={() => onChange(key)}
        >
          {key}
        </ToggleButton>
      ))}
    </div>
  );
}
