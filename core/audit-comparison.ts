/**
 * Two runs' Lighthouse audits side by side: which audits changed outcome, and which one run
 * does not have. An audit missing from a run of another Lighthouse version is "not in
 * Lighthouse N" (Lighthouse 13 removed about twenty audits and added its insights), never a
 * pass; one missing from a run of the same version was not reported there.
 */
import { z } from 'zod';
import {
  AUDIT_OUTCOMES,
  CATEGORY_KEYS,
  CATEGORY_TITLES,
  OPTIONAL_CATEGORIES,
  type AuditOutcome,
  type Categories,
  type CategoryId,
} from './lighthouse-categories';

export const AUDIT_OUTCOME_WORDS: Record<AuditOutcome, string> = {
  failed: 'Failed',
  error: 'Could not run',
  informative: 'For information',
  manual: 'Check manually',
  passed: 'Passed',
  notApplicable: 'Not applicable',
};

/** An audit as one run has it: its outcome, or absent with why. */
export const auditStandingSchema = z.union([
  z.object({ outcome: z.enum(AUDIT_OUTCOMES) }),
  z.object({
    outcome: z.literal('absent'),
    /** 'not in Lighthouse 12.8.2', or 'not reported in this run' on the same version. */
    note: z.string(),
  }),
]);
export type AuditStanding = z.infer<typeof auditStandingSchema>;

export const auditChangeSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The category the audit is listed in ('Performance', 'Accessibility' …). */
  category: z.string(),
  a: auditStandingSchema,
  b: auditStandingSchema,
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditComparisonSchema = z.object({
  /** Each run's Lighthouse version; null where it was not reported. */
  versions: z.tuple([z.string().nullable(), z.string().nullable()]),
  /** The two ran different Lighthouse versions: audits and scores may differ for it alone. */
  versionsDiffer: z.boolean(),
  /** The audits whose outcome differs, or that one run does not have, by category. */
  changes: z.array(auditChangeSchema),
});
export type AuditComparison = z.infer<typeof auditComparisonSchema>;

/** One side: a run's Lighthouse version and its categories' audits. */
export interface AuditSide {
  lighthouseVersion: string | null;
  categories: Categories | undefined;
}

/** Where each audit a run ran is listed, by id: its category's title ('' if unlisted). */
function placesOf(categories: Categories): Map<string, { category: string; listed: boolean }> {
  const places = new Map<string, { category: string; listed: boolean }>();
  for (const id of ['performance', ...OPTIONAL_CATEGORIES] as CategoryId[]) {
    const category = categories[CATEGORY_KEYS[id]];
    for (const audit of category?.audits ?? [])
      places.set(audit.id, { category: CATEGORY_TITLES[id], listed: true });
    for (const auditId of category?.unlisted ?? [])
      if (!places.has(auditId))
        places.set(auditId, { category: CATEGORY_TITLES[id], listed: false });
  }
  return places;
}

/**
 * Why a run lacks an audit of a category: Lighthouse ran it but does not list it there, or
 * lists it in another category, or (another version) does not have it; on the same version
 * it was not reported.
 */
function absentNote(
  place: { category: string; listed: boolean } | undefined,
  version: string | null,
  versionsDiffer: boolean,
): string {
  const lighthouse = version ? `Lighthouse ${version}` : "this run's Lighthouse";
  if (place && !place.listed) return `not listed by ${lighthouse}`;
  if (place) return `under ${place.category} in ${lighthouse}`;
  return versionsDiffer ? `not in ${lighthouse}` : 'not reported in this run';
}

/**
 * The audits of the categories both runs measured, where their outcomes differ or one run
 * lacks the audit; null when either run kept no audits (measured before they were kept).
 */
export function compareAudits(a: AuditSide, b: AuditSide): AuditComparison | null {
  if (!a.categories || !b.categories) return null;
  const versions: [string | null, string | null] = [a.lighthouseVersion, b.lighthouseVersion];
  const versionsDiffer =
    versions[0] !== null && versions[1] !== null && versions[0] !== versions[1];
  const changes: AuditChange[] = [];
  const places = [placesOf(a.categories), placesOf(b.categories)] as const;
  const ids: CategoryId[] = ['performance', ...OPTIONAL_CATEGORIES];
  for (const id of ids) {
    const x = a.categories[CATEGORY_KEYS[id]];
    const y = b.categories[CATEGORY_KEYS[id]];
    if (!x || !y) continue;
    const before = new Map(x.audits.map((audit) => [audit.id, audit]));
    const after = new Map(y.audits.map((audit) => [audit.id, audit]));
    for (const auditId of new Set([...before.keys(), ...after.keys()])) {
      const was = before.get(auditId);
      const now = after.get(auditId);
      if (was && now && was.outcome === now.outcome) continue;
      const standing = (audit: typeof was, side: 0 | 1): AuditStanding =>
        audit
          ? { outcome: audit.outcome }
          : {
              outcome: 'absent',
              note: absentNote(places[side].get(auditId), versions[side], versionsDiffer),
            };
      changes.push({
        id: auditId,
        title: (now ?? was)!.title,
        category: CATEGORY_TITLES[id],
        a: standing(was, 0),
        b: standing(now, 1),
      });
    }
  }
  return { versions, versionsDiffer, changes };
}

/** An audit's standing in words: its outcome, or why it is absent. */
export const standingText = (standing: AuditStanding) =>
  standing.outcome === 'absent' ? standing.note : AUDIT_OUTCOME_WORDS[standing.outcome];
