import {
  CATEGORY_KEYS,
  type CategoryAudit,
  type Categories,
  type OptionalCategory,
} from '@core/lighthouse-categories';
import type { Insight } from '@core/speed';
import type { LighthouseFaultAudit, SandboxPage, SandboxSite } from '@sandbox';

/** The audits the stand-in judges, by category, with Lighthouse 13's titles. */
const AUDITS: Record<
  OptionalCategory,
  { id: LighthouseFaultAudit | 'llms-txt'; title: string; failureTitle: string }[]
> = {
  accessibility: [
    {
      id: 'image-alt',
      title: 'Image elements have `[alt]` attributes',
      failureTitle: 'Image elements do not have `[alt]` attributes',
    },
    {
      id: 'color-contrast',
      title: 'Background and foreground colors have a sufficient contrast ratio',
      failureTitle: 'Background and foreground colors do not have a sufficient contrast ratio.',
    },
  ],
  'best-practices': [
    {
      id: 'errors-in-console',
      title: 'No browser errors logged to the console',
      failureTitle: 'Browser errors were logged to the console',
    },
  ],
  seo: [
    {
      id: 'meta-description',
      title: 'Document has a meta description',
      failureTitle: 'Document does not have a meta description',
    },
    {
      id: 'is-crawlable',
      title: 'Page isn’t blocked from indexing',
      failureTitle: 'Page is blocked from indexing',
    },
  ],
  'agentic-browsing': [
    {
      id: 'llms-txt',
      title: 'llms.txt follows recommendations',
      failureTitle: 'llms.txt does not follow recommendations',
    },
  ],
};

/** What a failed audit costs its category's score in the stand-in (Lighthouse weighs them). */
const FAILED_COST = 8;

/**
 * The categories a stand-in run reports for a sandbox page, from the manifest's truth: the
 * faults planted on the page, a missing meta description, the site's `X-Robots-Tag`, and
 * the site's llms.txt (not applicable where it has none, as Lighthouse reads a 404).
 * Performance is the run's own score with its insights.
 */
export function standInCategories(
  asked: readonly OptionalCategory[],
  performance: { score: number; insights: readonly Insight[] },
  page: SandboxPage | null,
  site: SandboxSite | null,
): Categories {
  const failed = new Map<string, CategoryAudit['items']>();
  for (const fault of page?.lighthouseFaults ?? [])
    failed.set(fault.audit, [
      {
        label: fault.message ?? fault.selector ?? fault.audit,
        ...(fault.selector && { selector: fault.selector }),
      },
    ]);
  if (page && page.description === null && !failed.has('meta-description'))
    failed.set('meta-description', []);
  if (site?.robotsHeader)
    failed.set('is-crawlable', [{ label: `x-robots-tag: ${site.robotsHeader}` }]);
  const categories: Categories = {
    performance: {
      score: performance.score,
      audits: performance.insights.map((insight) => ({
        id: insight.id,
        title: insight.title,
        description: insight.description,
        score: insight.score,
        outcome: insight.score === null ? 'informative' : insight.score < 0.9 ? 'failed' : 'passed',
        items: insight.items,
      })),
    },
  };
  for (const id of asked) {
    const audits = AUDITS[id].map(({ id: auditId, title, failureTitle }): CategoryAudit => {
      const items = failed.get(auditId);
      const notApplicable = auditId === 'llms-txt' && !site?.llmsTxtUrl;
      return {
        id: auditId,
        title: items ? failureTitle : title,
        description: `The sandbox lab's verdict on ${auditId}.`,
        score: notApplicable ? null : items ? 0 : 1,
        outcome: notApplicable ? 'notApplicable' : items ? 'failed' : 'passed',
        items: items ?? [],
      };
    });
    const failures = audits.filter((audit) => audit.outcome === 'failed').length;
    categories[CATEGORY_KEYS[id]] = {
      score: Math.max(0, 100 - FAILED_COST * failures),
      audits: audits.sort(
        (a, b) => Number(b.outcome === 'failed') - Number(a.outcome === 'failed'),
      ),
    };
  }
  return categories;
}
