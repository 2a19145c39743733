import { Link } from 'react-router';
import Spinner from 'react-bootstrap/Spinner';
import { RATING_BAND, rumValueText } from '@core/rum/metric-text';
import { RUM_METRIC_NAMES, rumRating, type RumMetric } from '@core/rum/metrics';
import { ROUTES } from '@core/routes';
import type { RumMetricFigures } from '@core/schemas/rum';
import { useRumField } from '../api/rum-field';

function Figure({ metric, figures }: { metric: RumMetric; figures: RumMetricFigures }) {
  const one = figures[metric];
  if (!one) return <span className="text-muted">-</span>;
  return (
    <>
      <span className={`fw-semibold sr-${RATING_BAND[rumRating(metric, one.p75)]}`}>
        {rumValueText(metric, one.p75)}
      </span>{' '}
      <span className="text-muted">({one.samples})</span>
    </>
  );
}

/**
 * "Your visitors (RUM)": a page's p75s from the user's own real-user monitoring, for its
 * page group and its whole site, beside the lab run and CrUX. Without a RUM site for the
 * page's origin it says how to get one, or (`onlyWithSite`) shows nothing.
 */
export function RumFieldPanel({
  url,
  device,
  onlyWithSite = false,
}: {
  url: string | null;
  device: 'mobile' | 'desktop';
  onlyWithSite?: boolean;
}) {
  const field = useRumField(url, device);
  if (!url || field.isPending) {
    return field.fetchStatus === 'fetching' ? (
      <div className="small mt-3" data-testid="rum-field">
        <Spinner size="sm" className="me-2" aria-label="Loading your visitors’ figures" />
      </div>
    ) : null;
  }
  if (field.isError) {
    return (
      <p className="small text-danger mt-3" data-testid="rum-field">
        Your visitors’ figures could not be loaded: {field.error.message}
      </p>
    );
  }
  const { site, from, to, pageGroup, page, origin } = field.data;
  if (!site) {
    if (onlyWithSite) return null;
    return (
      <p className="small text-muted mt-3" data-testid="rum-field">
        Your visitors (RUM): none of your sites takes beacons from {new URL(url).origin}.{' '}
        <Link to={ROUTES.realUserMonitoring}>Add it to real-user monitoring</Link> to see how your
        own visitors experience this page.
      </p>
    );
  }
  const views = page.LCP?.samples ?? page.FCP?.samples ?? 0;
  return (
    <section className="small mt-3" data-testid="rum-field">
      <h3 className="h6 mb-1">Your visitors (RUM)</h3>
      <div className="text-muted mb-2" data-testid="rum-field-source">
        SpeedRank real-user monitoring of <Link to={ROUTES.realUserMonitoring}>{site.name}</Link>,
        p75 of {device} page views {from} – {to}
      </div>
      {views === 0 && Object.keys(origin).length === 0 ? (
        <p className="text-muted mb-0">No page views of this site yet.</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm mb-0">
            <thead>
              <tr>
                <th scope="col">Metric (views)</th>
                <th scope="col">
                  This page <code>{pageGroup}</code>
                </th>
                <th scope="col">Whole site</th>
              </tr>
            </thead>
            <tbody>
              {RUM_METRIC_NAMES.map((metric) => (
                <tr key={metric}>
                  <th scope="row">{metric}</th>
                  <td>
                    <Figure metric={metric} figures={page} />
                  </td>
                  <td>
                    <Figure metric={metric} figures={origin} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
