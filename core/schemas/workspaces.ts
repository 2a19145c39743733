import { z } from 'zod';
import { WORKSPACE_MESSAGES } from '../messages/workspaces';
import { ROLES } from '../workspaces/roles';
import { emailSchema } from './auth';

export const WORKSPACE_NAME_MAX = 80;

const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, WORKSPACE_MESSAGES.nameRequired)
  .max(WORKSPACE_NAME_MAX, `A workspace name has at most ${WORKSPACE_NAME_MAX} characters.`);

export const roleSchema = z.enum(ROLES);

export const workspaceParamsSchema = z.object({ id: z.string().uuid() });

export const createWorkspaceBodySchema = z.object({ name: workspaceNameSchema }).strict();
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBodySchema>;

export const renameWorkspaceBodySchema = z.object({ name: workspaceNameSchema }).strict();

export const deleteWorkspaceBodySchema = z
  .object({ password: z.string().min(1, WORKSPACE_MESSAGES.passwordRequired).max(200) })
  .strict();

/** A workspace as its creator first sees it. */
export const createdWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.literal('owner'),
});

/** A workspace the caller belongs to: their role, how many people it has, whose plan it uses. */
export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  members: z.number().int(),
  /** The plan of the workspace's owner: its limits apply to everything in the workspace. */
  plan: z.object({ id: z.number().int(), name: z.string(), seats: z.number().int() }),
  /** The account's own workspace: never shared, the default when a call names none. */
  personal: z.boolean(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListSchema = z.array(workspaceSchema);

/** The roles an invitation gives: owners are made by another owner, not invited. */
export const inviteRoleSchema = z.enum(['viewer', 'member', 'admin']);

export const inviteBodySchema = z.object({ email: emailSchema, role: inviteRoleSchema }).strict();

export const inviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: inviteRoleSchema,
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type WorkspaceInvite = z.infer<typeof inviteSchema>;
export const inviteListSchema = z.array(inviteSchema);

export const inviteParamsSchema = z.object({ id: z.string().uuid(), inviteId: z.string().uuid() });
export const inviteTokenParamsSchema = z.object({ token: z.string().min(20).max(100) });

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** The account whose plan the workspace uses. */
  billingOwner: z.boolean(),
  joinedAt: z.string(),
});
export type WorkspaceMember = z.infer<typeof memberSchema>;
export const memberListSchema = z.array(memberSchema);

export const memberParamsSchema = z.object({ id: z.string().uuid(), userId: z.string().uuid() });
export const memberRoleBodySchema = z.object({ role: roleSchema }).strict();
export const transferBodySchema = z.object({ userId: z.string().uuid() }).strict();

/** What accepting an invitation answers: the workspace joined and the role in it. */
export const joinedWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
});
