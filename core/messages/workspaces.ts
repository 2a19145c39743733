import { ROLE_LABELS, type Role } from '../workspaces/roles';

/** What the workspace screens and refusals say: SpeedRank's own wording (no spec text). */
export const WORKSPACE_MESSAGES = {
  notFound: 'Workspace not found.',
  nameRequired: 'Please enter a name for the workspace.',
  personalName: 'Personal',
  personalKept: 'Your personal workspace goes with your account; it cannot be deleted alone.',
  passwordRequired: 'Please enter your password to delete the workspace.',
  passwordWrong: 'The password is not right.',
  noPassword:
    'Your account signs in with Google and has no password: choose one with "Forgot password" first.',
  deleted: 'The workspace and everything in it were deleted.',
  /** 403 of a role too low for the action: names the role the action needs. */
  roleNeeded: (needed: Role, role: Role) =>
    `This needs the ${ROLE_LABELS[needed]} role in this workspace; you are a ${ROLE_LABELS[role]}.`,
} as const;

/** The machine-readable codes of workspace refusals. */
export const WORKSPACE_ERROR_CODES = {
  notFound: 'workspace_not_found',
  roleNeeded: 'role_needed',
  personalKept: 'personal_workspace',
} as const;
