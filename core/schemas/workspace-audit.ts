import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_PAGE, AUDIT_PAGE_MAX } from '../workspaces/audit';

export const auditQuerySchema = z
  .object({
    /** The id of the last entry of the page before: the next page begins after it. */
    before: z.string().uuid().optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE),
  })
  .strict();

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Who acted: null once their account is gone. */
  actor: z.object({ userId: z.string(), email: z.string(), name: z.string() }).nullable(),
  /** The name of the API token the call came with; null for a signed-in person. */
  token: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  subject: z.string(),
  /** What the action named (a URL, a keyword, an email, a role), if anything. */
  detail: z.string().nullable(),
  /** The id the call's path named (a page's, a member's), if any. */
  targetId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The `before` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
