import { z } from 'zod';
import { TOKEN_MESSAGES } from '../messages/api-tokens';
import { TOKEN_MAX_DAYS, TOKEN_SCOPES } from '../workspaces/scopes';

export const TOKEN_NAME_MAX = 80;

export const tokenScopeSchema = z.enum(TOKEN_SCOPES);

export const createTokenBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, TOKEN_MESSAGES.nameRequired)
      .max(TOKEN_NAME_MAX, `A token's name has at most ${TOKEN_NAME_MAX} characters.`),
    workspaceId: z.string().uuid(),
    scopes: z
      .array(tokenScopeSchema)
      .min(1, TOKEN_MESSAGES.scopesRequired)
      .max(TOKEN_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once.'),
    expiresInDays: z.number().int().min(1).max(TOKEN_MAX_DAYS).optional(),
  })
  .strict();
export type CreateTokenBody = z.infer<typeof createTokenBodySchema>;

/** A token as its list shows it: never its secret. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  scopes: z.array(tokenScopeSchema),
  createdAt: z.string(),
  /** When a call last succeeded with it (to the minute); null if none has. */
  lastUsedAt: z.string().nullable(),
  /** Null: it works until revoked. */
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);

/** A new token, with its secret: the only answer that ever carries it. */
export const createdTokenSchema = apiTokenSchema.extend({ token: z.string() });

export const tokenParamsSchema = z.object({ id: z.string().uuid() });
