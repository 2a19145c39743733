/**
 * What a workspace's audit log records: who did which action to what, and when. Writes of
 * the workspace policy (policy.ts) name theirs; the routes outside it (creating the
 * workspace, joining it, tokens) write theirs where they act.
 */
export const AUDIT_ACTIONS = [
  'created',
  'changed',
  'deleted',
  'ran',
  'invited',
  'revoked',
  'joined',
  'changed role',
  'removed',
  'left',
  'transferred ownership',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a call of the policy writes to the log; `detail` names the body's field to show. */
export interface AuditEvent {
  readonly action: AuditAction;
  readonly subject: string;
  readonly detail?: string;
}

/** How long the log keeps an entry. */
export const AUDIT_MONTHS = 13;

/** Entries on one page of the log, unless the call asks for fewer (at most AUDIT_PAGE_MAX). */
export const AUDIT_PAGE = 50;
export const AUDIT_PAGE_MAX = 200;
