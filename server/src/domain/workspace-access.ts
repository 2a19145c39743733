import type { Role } from '@core/workspaces/roles';

/** The workspace a signed-in request acts in, and the caller's place in it. */
export interface WorkspaceAccess {
  id: string;
  name: string;
  role: Role;
  /** The caller's own workspace (its id is theirs), never shared. */
  personal: boolean;
  /** The account whose plan applies. */
  ownerId: string;
  /** The owner's plan: the limits and allowances of everything in the workspace. */
  planId: number;
}

/** What stores a workspace's rows under its plan's limits needs of it. */
export type Holder = Pick<WorkspaceAccess, 'id' | 'planId'>;

/** The membership columns a sign-in query reads with the user (a session's, a token's). */
export interface MembershipColumns {
  ws_role: Role | null;
  ws_name: string | null;
  ws_personal: number | null;
  ws_owner_id: string | null;
  ws_plan_id: number | null;
}

/**
 * A sign-in row split into the access its membership columns give to workspace `id` (null
 * when the user is not its member) and the rest of the row.
 */
export function splitMembership<R extends MembershipColumns>(
  id: string,
  row: R,
): [WorkspaceAccess | null, Omit<R, keyof MembershipColumns>] {
  const { ws_role, ws_name, ws_personal, ws_owner_id, ws_plan_id, ...rest } = row;
  if (!ws_role || ws_name === null || ws_owner_id === null || ws_plan_id === null) {
    return [null, rest];
  }
  const access = {
    id,
    name: ws_name,
    role: ws_role,
    personal: Boolean(ws_personal),
    ownerId: ws_owner_id,
    planId: ws_plan_id,
  };
  return [access, rest];
}
