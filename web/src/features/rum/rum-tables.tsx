import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { rumRating, type RumMetric } from '@core/rum/metrics';
import { RATING_BAND, RUM_METRIC_TITLES, rumValueText } from '@core/rum/metric-text';
import { RUM_METRIC_NAMES } from '@core/rum/metrics';
import type { RumSummaryResponse } from '@core/schemas/rum';
import { GradeMark } from '../../components/grade-mark';
import { GRADE_WORDS } from '../../components/metric-grade';
import { percentText } from './rum-format';
import { groupedNumber } from '@core/number-text';

type Figures = RumSummaryResponse['metrics'];

/** A p75 in its rating's colour and mark, or '-' where the page group has no value. */
function P75Cell({ metric, figures }: { metric: RumMetric; figures: Figures }) {
  const value = figures[metric];
  if (!value) return <td className="text-muted">-</td>;
  const band = RATING_BAND[rumRating(metric, value.p75)];
  // Positioned, so that the hidden words stay inside the table's sideways scroll.
  return (
    <td className={`sr-${band} text-nowrap position-relative`}>
      <GradeMark band={band} />
      {rumValueText(metric, value.p75)}
      <span className="visually-hidden"> ({GRADE_WORDS[band]})</span>
    </td>
  );
}

/**
 * The most visited page groups with their views and each metric's p75; a page group's
 * button narrows the whole dashboard to it (or back to every page).
 */
export function RumPagesTable({
  pages,
  selected,
  onSelect,
}: {
  pages: RumSummaryResponse['pages'];
  selected: string | undefined;
  onSelect(pageGroup: string | undefined): void;
}) {
  return (
    <Table responsive size="sm" className="small align-middle" data-testid="rum-pages">
      <thead>
        <tr>
          <th scope="col">Page group</th>
          <th scope="col" className="text-end">
            Views
          </th>
          {RUM_METRIC_NAMES.map((metric) => (
            <th key={metric} scope="col">
              <abbr title={`${RUM_METRIC_TITLES[metric]}, p75`}>{metric}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {pages.map((page) => {
          const on = page.pageGroup === selected;
          return (
            <tr key={page.pageGroup} data-testid="rum-page-row">
              <th scope="row" className="fw-normal">
                <Button
                  variant="link"
                  size="sm"
                  className="p-0 text-start text-nowrap"
                  aria-pressed={on}
                  title={on ? 'Show every page' : `Show only ${page.pageGroup}`}
                  onClick={() => onSelect(on ? undefined : page.pageGroup)}
                >
                  <code>{page.pageGroup}</code>
                </Button>
              </th>
              <td className="text-end">{groupedNumber(page.views)}</td>
              {RUM_METRIC_NAMES.map((metric) => (
                <P75Cell key={metric} metric={metric} figures={page.metrics} />
              ))}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/**
 * What makes it slow: the elements behind LCP and CLS and the interactions behind INP,
 * those with the most poor page views first, with how often they were poor and their mean.
 */
export function RumTargetsTable({ targets }: { targets: RumSummaryResponse['targets'] }) {
  return (
    <Table responsive size="sm" className="small align-middle" data-testid="rum-targets">
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col">Element or interaction</th>
          <th scope="col">Page group</th>
          <th scope="col" className="text-end">
            Samples
          </th>
          <th scope="col" className="text-end">
            Poor
          </th>
          <th scope="col" className="text-end">
            Mean
          </th>
        </tr>
      </thead>
      <tbody>
        {targets.map((target) => (
          <tr
            key={`${target.metric} ${target.pageGroup} ${target.target}`}
            data-testid="rum-target-row"
          >
            <td>
              <abbr title={RUM_METRIC_TITLES[target.metric]}>{target.metric}</abbr>
            </td>
            <td className="sr-selector">
              <code>{target.target}</code>
            </td>
            <td className="text-nowrap">
              <code>{target.pageGroup}</code>
            </td>
            <td className="text-end">{groupedNumber(target.samples)}</td>
            <td className="text-end">{percentText(target.poor)}</td>
            <td className="text-end text-nowrap">{rumValueText(target.metric, target.mean)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
