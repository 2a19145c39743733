/**
 * The roles a member holds in a workspace, from least to most: each may do what the ones
 * before it may. The server's policy (policy.ts) and the web's controls both read these.
 */
export const ROLES = ['viewer', 'member', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  viewer: 'Viewer',
  member: 'Member',
  admin: 'Admin',
  owner: 'Owner',
};

/** What each role adds, for the members screen and the refusals that name a role. */
export const ROLE_ABILITIES: Readonly<Record<Role, string>> = {
  viewer: 'sees everything in the workspace and runs nothing that spends its allowance',
  member: 'creates, edits and runs tracked pages, keywords, sites and tests',
  admin: 'also manages members, webhooks and the workspace settings',
  owner: 'also pays for the plan, deletes the workspace and transfers ownership',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do what `needed` may. */
export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}
