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
  inviteSent: (email: string) => `An invitation is on its way to ${email}.`,
  personalNotShared:
    'Your personal workspace is yours alone: make a workspace to share with others.',
  alreadyMember: (email: string) => `${email} is already a member of this workspace.`,
  seatsTaken: (plan: string, seats: number) =>
    seats === 1
      ? `The ${plan} plan has one seat, its owner's: upgrade to share a workspace.`
      : `The ${plan} plan's ${seats} seats are taken (members and open invitations): upgrade for more.`,
  inviteNotFound: 'This invitation link is not valid. Ask for a new one.',
  inviteUsed: 'This invitation was used already.',
  inviteExpired: 'This invitation has expired. Ask for a new one.',
  inviteOtherEmail: (email: string) =>
    `This invitation is for ${email}: sign in with that address to accept it.`,
  memberNotFound: 'No such member in this workspace.',
  lastOwner: 'A workspace keeps at least one owner: make someone else an owner first.',
  billingOwner:
    'The plan of this workspace is yours: transfer the ownership to another owner first.',
  ownerOnly: 'Only an owner gives or takes the owner role.',
  inviteSubject: (workspace: string) => `You're invited to "${workspace}" on SpeedRank`,
  inviteText: (from: string, workspace: string, role: string, days: number) =>
    `${from} invites you to the workspace "${workspace}" on SpeedRank as ${role}. The link works once, for ${days} days.`,
  /** What a viewer's screens say where they would add, change or run something. */
  readOnly: (sees: string) =>
    `You are a viewer in this workspace: you see ${sees}, and change or run nothing.`,
  /** 403 of a role too low for the action: names the role the action needs. */
  roleNeeded: (needed: Role, role: Role) =>
    `This needs the ${ROLE_LABELS[needed]} role in this workspace; you are a ${ROLE_LABELS[role]}.`,
} as const;

/** The machine-readable codes of workspace refusals. */
export const WORKSPACE_ERROR_CODES = {
  notFound: 'workspace_not_found',
  roleNeeded: 'role_needed',
  personalKept: 'personal_workspace',
  seatsTaken: 'seat_limit',
  alreadyMember: 'already_member',
  inviteUnusable: 'invite_unusable',
  lastOwner: 'last_owner',
} as const;

/** Days an invitation's link works. */
export const INVITE_DAYS = 7;
