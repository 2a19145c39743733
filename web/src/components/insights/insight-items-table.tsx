import Table from 'react-bootstrap/Table';
import type { InsightItem } from '@core/speed';
import { bytesText, durationText, shortUrl } from './insight-format';
import { groupedNumber } from '@core/number-text';

/** The row's subject: a resource by its short URL, an element by its label and markup. */
function ItemSubject({ item, pageUrl }: { item: InsightItem; pageUrl: string }) {
  if (item.url) {
    return (
      <span title={item.url} data-testid="insight-url">
        {shortUrl(item.url, pageUrl)}
      </span>
    );
  }
  return (
    <>
      {item.label}
      {(item.snippet ?? item.selector) && (
        <code className="d-block text-break" title={item.selector}>
          {item.snippet ?? item.selector}
        </code>
      )}
    </>
  );
}

const itemSavings = ({ wastedMs, wastedBytes }: InsightItem) =>
  [
    wastedMs !== undefined ? durationText(wastedMs) : null,
    wastedBytes !== undefined ? bytesText(wastedBytes) : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The resources or elements an insight is about, with the figures Lighthouse gave for them;
 * a column only where some row has its figure. The subject wraps, so that the table fits a
 * phone's width.
 */
export function InsightItemsTable({
  items,
  pageUrl,
}: {
  items: readonly InsightItem[];
  /** The tested page, whose own resources show by their path alone. */
  pageUrl: string;
}) {
  if (items.length === 0) return null;
  const some = (has: (item: InsightItem) => boolean) => items.some(has);
  const urls = some((i) => i.url !== undefined);
  const elements = some((i) => i.selector !== undefined || i.snippet !== undefined);
  const sizes = some((i) => i.totalBytes !== undefined);
  const savings = some((i) => i.wastedMs !== undefined || i.wastedBytes !== undefined);
  const times = some((i) => i.durationMs !== undefined);
  const values = some((i) => i.value !== undefined);
  const checks = some((i) => i.passed !== undefined);
  return (
    <Table size="sm" className="sr-insight-table small mb-0" data-testid="insight-items">
      <thead>
        <tr>
          <th scope="col">{urls && !elements ? 'URL' : elements && !urls ? 'Element' : 'Item'}</th>
          {sizes && (
            <th scope="col" className="text-end">
              Transfer size
            </th>
          )}
          {savings && (
            <th scope="col" className="text-end">
              Est. savings
            </th>
          )}
          {times && (
            <th scope="col" className="text-end">
              Time
            </th>
          )}
          {values && (
            <th scope="col" className="text-end">
              Value
            </th>
          )}
          {checks && <th scope="col">Result</th>}
        </tr>
      </thead>
      <tbody>
        {items.map((item, i) => (
          <tr key={i} data-testid="insight-item">
            <td className="text-break">
              <ItemSubject item={item} pageUrl={pageUrl} />
            </td>
            {sizes && (
              <td className="text-end text-nowrap">
                {item.totalBytes !== undefined ? bytesText(item.totalBytes) : ''}
              </td>
            )}
            {savings && <td className="text-end text-nowrap">{itemSavings(item)}</td>}
            {times && (
              <td className="text-end text-nowrap">
                {item.durationMs !== undefined ? durationText(item.durationMs) : ''}
              </td>
            )}
            {values && (
              <td className="text-end text-nowrap">
                {item.value === undefined ? '' : groupedNumber(item.value)}
              </td>
            )}
            {checks && (
              <td className={item.passed ? 'sr-pass' : item.passed === false ? 'sr-fail' : ''}>
                {item.passed ? 'Passed' : item.passed === false ? 'Failed' : ''}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
