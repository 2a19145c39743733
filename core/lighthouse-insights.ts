/**
 * A Lighthouse result's insights and diagnostics (the performance category's 'insights'
 * and 'diagnostics' groups, Lighthouse 13 on) as SpeedRank shows them: what to fix first,
 * with its savings and the resources or elements behind it. PSI embeds the same result.
 */
import type { Insight, InsightItem } from './speed';

/** The parts of an LHR audit this reads. */
export interface LighthouseAuditLike {
  title?: string;
  description?: string;
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  displayValue?: string;
  metricSavings?: Record<string, number | undefined>;
  /** A metric's scoring curve: 90 at p10, 50 at the median. */
  scoringOptions?: { p10?: number; median?: number };
  details?: unknown;
}

/** One audit of a category, with the report section it belongs to. */
export interface LighthouseAuditRef {
  id: string;
  group?: string;
}

const GROUPS: Record<string, Insight['group']> = {
  insights: 'insight',
  diagnostics: 'diagnostic',
};
/** Whether a report group is one whose audits a result lists (insights, diagnostics). */
export const isShownGroup = (group: string | undefined) =>
  group !== undefined && Object.hasOwn(GROUPS, group);
/** No result to show: Lighthouse could not tell, or a person has to look. */
const SKIPPED_MODES = new Set(['notApplicable', 'manual', 'error']);
/** Lighthouse's pass mark: below it an audit fails. */
const PASS = 0.9;
/** Rows kept per insight: the report's top rows; the rest would only weigh on storage. */
const MAX_ITEMS = 10;
/** A label or URL longer than this is cut (data: URLs, long snippets). */
const MAX_TEXT = 500;

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const numberOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const positive = (value: unknown) => {
  const n = numberOf(value);
  return n !== undefined && n > 0 ? n : undefined;
};
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
/** A cell's text: a string, or a text or code value; undefined when empty. */
function textOf(value: unknown): string | undefined {
  const text =
    isRow(value) && ['text', 'code'].includes(value.type as string) ? value.value : value;
  return typeof text === 'string' && text.trim() !== '' ? clip(text) : undefined;
}
/** Rows name resources by URL, or by a word such as 'Unattributable' where none is known. */
const isUrl = (text: string) => /^[a-z][a-z\d+.-]*:/i.test(text);

/** An element's cell (valueType 'node'): its label, selector and HTML snippet. */
function nodeOf(value: unknown): Pick<InsightItem, 'label' | 'selector' | 'snippet'> | null {
  if (!isRow(value) || value.type !== 'node') return null;
  const selector = textOf(value.selector);
  const snippet = textOf(value.snippet);
  const label = textOf(value.nodeLabel) ?? selector ?? snippet;
  if (!label) return null;
  return { label, ...(selector && { selector }), ...(snippet && { snippet }) };
}

/** The number a cell holds, plain or as a numeric value (the DOM size's statistics). */
const numericOf = (value: unknown) => numberOf(isRow(value) ? value.value : value);

/**
 * A table row of any insight or diagnostic: named by its own label (a subpart, a main-thread
 * category, a third party, a statistic), else its resource, else its element; its figures
 * by the keys Lighthouse's tables use. Null without a name.
 */
function tableRow(row: unknown): InsightItem | null {
  if (!isRow(row)) return null;
  // An element is the row's node, or its source where a meta tag decides (is-crawlable).
  const node = nodeOf(row.node) ?? nodeOf(row.source);
  const source = isRow(row.source) && row.source.type === 'source-location' ? row.source : null;
  const address = textOf(row.url) ?? textOf(source?.url);
  const url = address && isUrl(address) ? address : undefined;
  const label =
    textOf(row.label) ??
    textOf(row.groupLabel) ??
    textOf(row.entity) ??
    textOf(row.statistic) ??
    textOf(row.name) ??
    // A console message says more than where it was logged ('console.error').
    textOf(row.description) ??
    (source ? undefined : textOf(row.source)) ??
    address ??
    node?.label ??
    // A table's total row names itself in the element's column.
    textOf(row.node);
  if (!label) return null;
  const figures: Omit<InsightItem, 'label'> = {
    url,
    selector: node?.selector,
    snippet: node?.snippet,
    totalBytes: numberOf(row.totalBytes) ?? numberOf(row.transferSize),
    wastedBytes: numberOf(row.wastedBytes),
    wastedMs: numberOf(row.wastedMs),
    durationMs:
      numberOf(row.duration) ??
      numberOf(row.total) ??
      numberOf(row.reflowTime) ??
      numberOf(row.mainThreadTime),
    value: numericOf(row.value) ?? numberOf(row.score),
  };
  return {
    label,
    ...Object.fromEntries(Object.entries(figures).filter(([, v]) => v !== undefined)),
  };
}

/** A checklist's points (document latency, LCP discovery): each met or not. */
function checklistRows(items: unknown): InsightItem[] {
  if (!isRow(items)) return [];
  return Object.values(items)
    .filter(isRow)
    .flatMap((item) => {
      const label = textOf(item.label);
      return label && typeof item.value === 'boolean' ? [{ label, passed: item.value }] : [];
    });
}

/** The network dependency tree's requests, in the chains' order, each with its end time. */
function chainRows(chains: unknown): InsightItem[] {
  if (!isRow(chains)) return [];
  return Object.values(chains)
    .filter(isRow)
    .flatMap((request): InsightItem[] => {
      const url = textOf(request.url);
      if (!url) return [];
      const totalBytes = numberOf(request.transferSize);
      const durationMs = numberOf(request.navStartToEndTime);
      return [
        {
          label: url,
          ...(isUrl(url) && { url }),
          ...(totalBytes !== undefined && { totalBytes }),
          ...(durationMs !== undefined && { durationMs }),
        },
        ...chainRows(request.children),
      ];
    });
}

/** An audit's details as rows; lists (a table beside an element, sections) flattened. */
export function auditRows(details: unknown): InsightItem[] {
  if (!isRow(details)) return [];
  switch (details.type) {
    case 'table':
    case 'opportunity':
      return listOf(details.items).flatMap((row) => tableRow(row) ?? []);
    case 'checklist':
      return checklistRows(details.items);
    case 'list':
      return listOf(details.items).flatMap(auditRows);
    case 'list-section':
      return auditRows(details.value);
    case 'network-tree':
      return chainRows(details.chains);
    case 'node': {
      const node = nodeOf(details);
      return node ? [node] : [];
    }
    default:
      return [];
  }
}

/** Savings in ms: the audit's own estimate, else the larger of its LCP and FCP savings. */
function savingsMsOf(audit: LighthouseAuditLike, details: Row): number | undefined {
  const { LCP, FCP } = audit.metricSavings ?? {};
  return (
    positive(details.overallSavingsMs) ?? positive(Math.max(numberOf(LCP) ?? 0, numberOf(FCP) ?? 0))
  );
}

function insightOf(id: string, group: Insight['group'], audit: LighthouseAuditLike): Insight {
  const details = isRow(audit.details) ? audit.details : {};
  const savingsMs = savingsMsOf(audit, details);
  const savingsBytes =
    positive(details.overallSavingsBytes) ??
    positive(isRow(details.debugData) ? details.debugData.wastedBytes : undefined);
  const metricSavings = Object.fromEntries(
    Object.entries(audit.metricSavings ?? {}).filter(
      (entry): entry is [string, number] => positive(entry[1]) !== undefined,
    ),
  );
  return {
    id,
    group,
    title: audit.title ?? id,
    description: audit.description ?? '',
    // Lighthouse scores informative audits 1: they neither pass nor fail.
    score: audit.scoreDisplayMode === 'informative' ? null : audit.score,
    ...(audit.displayValue && { displayValue: audit.displayValue }),
    ...(savingsMs !== undefined && { savingsMs }),
    ...(savingsBytes !== undefined && { savingsBytes }),
    ...(Object.keys(metricSavings).length > 0 && { metricSavings }),
    items: auditRows(audit.details).slice(0, MAX_ITEMS),
  };
}

/** 0 failed, 1 informative, 2 passed. */
const standing = ({ score }: Insight) => (score === null ? 1 : score < PASS ? 0 : 2);

/**
 * Failed first, the lowest score first and then the largest savings; then the informative;
 * then the passed, each in Lighthouse's own order.
 */
function byUrgency(a: Insight, b: Insight): number {
  return (
    standing(a) - standing(b) ||
    (standing(a) === 0
      ? a.score! - b.score! ||
        (b.savingsMs ?? 0) - (a.savingsMs ?? 0) ||
        (b.savingsBytes ?? 0) - (a.savingsBytes ?? 0)
      : 0)
  );
}

/**
 * The insights and diagnostics of an LHR's performance category, failed first; audits
 * Lighthouse could not apply, could not run or leaves to a person are left out. Undefined
 * for a result that lists no audits by group (Lighthouse 12 runs of chosen audits).
 */
export function lighthouseInsights(lhr: {
  categories: { performance?: { auditRefs?: readonly LighthouseAuditRef[] } };
  audits: Record<string, LighthouseAuditLike | undefined>;
}): Insight[] | undefined {
  const refs = lhr.categories.performance?.auditRefs;
  if (!refs) return undefined;
  return refs
    .flatMap(({ id, group }) => {
      const audit = lhr.audits[id];
      const kind = group === undefined ? undefined : GROUPS[group];
      if (!audit || !kind || SKIPPED_MODES.has(audit.scoreDisplayMode ?? '')) return [];
      return [insightOf(id, kind, audit)];
    })
    .sort(byUrgency);
}
