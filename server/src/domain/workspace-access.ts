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
