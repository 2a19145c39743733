import { lazy, Suspense, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { useAddressParams } from '../../app/use-address-params';
import { RUM_MESSAGES } from '@core/messages';
import { RUM_METRIC_NAMES } from '@core/rum/metrics';
import { ROUTES } from '@core/routes';
import { RUM_SUMMARY_DAYS, type RumSite, type RumSummaryResponse } from '@core/schemas/rum';
import { ApiError } from '../../api/api-client';
import { RadioButtons } from '../../components/radio-buttons';
import { useRumSites, useRumSummary } from './rum-api';
import {
  filtersFromParams,
  isFiltered,
  paramsWith,
  RUM_CONNECTIONS,
  RUM_DEVICES,
  type RumConnection,
  type RumDevice,
  type RumFilters,
} from './rum-filters';
import { CONNECTION_NAMES, DEVICE_NAMES, windowText } from './rum-format';
import { RumMetricTile } from './rum-metric-tile';
import { RumSnippet } from './rum-snippet';
import { RumPagesTable, RumTargetsTable } from './rum-tables';

const RumSeriesChart = lazy(() => import('./rum-series-chart'));

const WINDOW_OPTIONS = RUM_SUMMARY_DAYS.map((days) => ({
  value: String(days),
  label: `${days} days`,
}));

/** Where a section's figures come from and which page views they cover. */
function SourceLine({ summary, filters }: { summary: RumSummaryResponse; filters: RumFilters }) {
  const narrowed = [
    filters.device && DEVICE_NAMES[filters.device],
    filters.connection && CONNECTION_NAMES[filters.connection],
    filters.pageGroup,
  ].filter(Boolean);
  return (
    <p className="small text-muted mb-2" data-testid="rum-source">
      From {RUM_MESSAGES.source}, {windowText(summary.from, summary.to)} ({filters.days} days)
      {narrowed.length > 0 && `; ${narrowed.join(', ')} only`}
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-4">
      <h3 className="h5 mb-1">{title}</h3>
      {children}
    </section>
  );
}

function Filters({
  filters,
  pageGroups,
  onChange,
}: {
  filters: RumFilters;
  pageGroups: readonly string[];
  onChange(change: Partial<RumFilters>): void;
}) {
  // The selected page group stays a choice while the list that offered it reloads.
  const groups =
    filters.pageGroup && !pageGroups.includes(filters.pageGroup)
      ? [filters.pageGroup, ...pageGroups]
      : pageGroups;
  return (
    <div className="d-flex flex-wrap align-items-end gap-3 mb-3" data-testid="rum-filters">
      <RadioButtons
        name="rum-window"
        ariaLabel="Window"
        size="sm"
        options={WINDOW_OPTIONS}
        value={String(filters.days)}
        onChange={(days) => onChange({ days: Number(days) })}
      />
      <Form.Group controlId="rum-device">
        <Form.Label className="small mb-1">Device</Form.Label>
        <Form.Select
          size="sm"
          value={filters.device ?? ''}
          onChange={(e) => onChange({ device: (e.target.value || undefined) as RumDevice })}
        >
          <option value="">All devices</option>
          {RUM_DEVICES.map((device) => (
            <option key={device} value={device}>
              {DEVICE_NAMES[device]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="rum-connection">
        <Form.Label className="small mb-1">Connection</Form.Label>
        <Form.Select
          size="sm"
          value={filters.connection ?? ''}
          onChange={(e) => onChange({ connection: (e.target.value || undefined) as RumConnection })}
        >
          <option value="">All connections</option>
          {RUM_CONNECTIONS.map((connection) => (
            <option key={connection} value={connection}>
              {CONNECTION_NAMES[connection]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="rum-page-group" className="sr-min-w-0">
        <Form.Label className="small mb-1">Page group</Form.Label>
        <Form.Select
          size="sm"
          className="sr-page-group-select"
          value={filters.pageGroup ?? ''}
          onChange={(e) => onChange({ pageGroup: e.target.value || undefined })}
        >
          <option value="">All pages</option>
          {groups.map((group) => (
            <option key={group} value={group}>
              {group}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </div>
  );
}

/** No page view in the window: the snippet again when nothing narrows it, else say so. */
function EmptyState({ site, filtered }: { site: RumSite; filtered: boolean }) {
  if (filtered)
    return (
      <p className="text-muted" data-testid="rum-empty">
        {RUM_MESSAGES.noMatchingPageViews}
      </p>
    );
  return (
    <Card className="shadow-sm" data-testid="rum-empty">
      <Card.Body>
        <h3 className="h5">{RUM_MESSAGES.noPageViews}</h3>
        <p>
          Nothing has arrived from {site.origins.join(', ')} in this window. Once the snippet is in
          the site’s pages, each visit sends its figures when the visitor leaves the page.
        </p>
        <RumSnippet snippet={site.snippet} />
      </Card.Body>
    </Card>
  );
}

function Figures({
  summary,
  filters,
  onPageGroup,
}: {
  summary: RumSummaryResponse;
  filters: RumFilters;
  onPageGroup(pageGroup: string | undefined): void;
}) {
  const source = <SourceLine summary={summary} filters={filters} />;
  return (
    <>
      <Section title="Core Web Vitals and more, at the 75th percentile">
        {source}
        <Row xs={1} sm={2} lg={3} xxl={5} className="g-3">
          {RUM_METRIC_NAMES.map((metric) => (
            <Col key={metric}>
              <RumMetricTile metric={metric} figures={summary.metrics[metric]} />
            </Col>
          ))}
        </Row>
        {summary.dropped > 0 && (
          <p className="small text-muted mt-2 mb-0" data-testid="rum-dropped">
            {RUM_MESSAGES.dropped(summary.dropped)}
          </p>
        )}
      </Section>
      <Section title="p75 per day">
        {source}
        <Suspense fallback={<Spinner size="sm" aria-label="Loading the charts" />}>
          <Row xs={1} md={2} xl={3} className="g-3">
            {RUM_METRIC_NAMES.map((metric) => (
              <Col key={metric}>
                <h4 className="h6 mb-1">{metric}</h4>
                <RumSeriesChart metric={metric} summary={summary} />
              </Col>
            ))}
          </Row>
        </Suspense>
      </Section>
      <Section title="Pages">
        {source}
        <RumPagesTable pages={summary.pages} selected={filters.pageGroup} onSelect={onPageGroup} />
      </Section>
      <Section title="What makes it slow">
        {source}
        {summary.targets.length === 0 ? (
          <p className="small text-muted">
            No element or interaction was reported behind LCP, INP or CLS.
          </p>
        ) : (
          <RumTargetsTable targets={summary.targets} />
        )}
      </Section>
    </>
  );
}

const AllSitesLink = () => (
  <Link to={ROUTES.realUserMonitoring} data-testid="rum-all-sites">
    All sites
  </Link>
);

/** The API's refusal as it words it; a site removed meanwhile is the missing site it is. */
function SummaryError({ error }: { error: Error }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Alert variant={missing ? 'warning' : 'danger'} data-testid="rum-error">
      {error.message} {missing && <AllSitesLink />}
    </Alert>
  );
}

function Summary({ site }: { site: RumSite }) {
  const [params, changeParams] = useAddressParams();
  const filters = filtersFromParams(params);
  const summary = useRumSummary(site.id, filters);
  // Page groups to choose from: every page's, not only the chosen one's.
  const groups = useRumSummary(site.id, { ...filters, pageGroup: undefined });
  const change = (next: Partial<RumFilters>) => changeParams((now) => paramsWith(now, next));

  return (
    <>
      <Filters
        filters={filters}
        pageGroups={groups.data?.pages.map((page) => page.pageGroup) ?? []}
        onChange={change}
      />
      {summary.isPending ? (
        <Spinner size="sm" aria-label="Loading the figures" />
      ) : summary.isError ? (
        <SummaryError error={summary.error} />
      ) : (
        <div
          className={summary.isPlaceholderData ? 'opacity-50' : ''}
          aria-busy={summary.isPlaceholderData}
        >
          {summary.data.pages.length === 0 ? (
            <EmptyState site={site} filtered={isFiltered(filters)} />
          ) : (
            <Figures
              summary={summary.data}
              filters={filters}
              onPageGroup={(pageGroup) => change({ pageGroup })}
            />
          )}
        </div>
      )}
    </>
  );
}

/** One site's field data: its window and filters, tiles, daily chart, pages and targets. */
export function RumDashboard({ id }: { id: string }) {
  const sites = useRumSites();
  if (sites.isPending) return <Spinner size="sm" aria-label="Loading the site" />;
  if (sites.isError) return <Alert variant="danger">{sites.error.message}</Alert>;
  const site = sites.data.sites.find((s) => s.id === id);
  if (!site) {
    return (
      <Alert variant="warning" data-testid="rum-not-found">
        {RUM_MESSAGES.notFound} <AllSitesLink />
      </Alert>
    );
  }
  return (
    <>
      <div className="small mb-2">
        ← <AllSitesLink />
      </div>
      <h2 className="h4 mb-1" data-testid="rum-site-name">
        {site.name}
      </h2>
      <p className="small text-muted text-break">{site.origins.join(', ')}</p>
      <Summary key={site.id} site={site} />
    </>
  );
}
