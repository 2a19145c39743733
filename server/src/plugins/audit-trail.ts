import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditEvent } from '@core/workspaces/audit';
import type { WorkspacePolicy } from '@core/workspaces/policy';
import type { Services } from '../services';
import { requestPolicy } from './authenticate';

type Fields = Record<string, unknown> | undefined;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** What the call names in its body as the policy's `detail` says: a URL, a keyword, a role. */
function detailOf(request: FastifyRequest, audit: AuditEvent): string | null {
  if (!audit.detail) return null;
  const body = request.body;
  return body && typeof body === 'object' ? text((body as Fields)?.[audit.detail]) : null;
}

/**
 * The id of what the call acted on: the path's (a member's or invitation's on the
 * workspace's own routes, where `:id` is the workspace), else what it created.
 */
function targetOf(
  request: FastifyRequest,
  policy: WorkspacePolicy,
  payload: unknown,
): string | null {
  const params = request.params as Fields;
  const named = policy.from === 'path' ? (params?.userId ?? params?.inviteId) : params?.id;
  if (text(named)) return named as string;
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    return text((JSON.parse(payload) as Fields)?.id);
  } catch {
    return null;
  }
}

/**
 * The audit log's one writer for the calls of the workspace policy: when a call whose
 * policy names an audit event succeeds, who made it (and with which token), what it did
 * and to what, before the answer leaves. A write that fails is logged, not answered: the
 * action itself is done.
 */
export function registerAuditTrail(app: FastifyInstance, services: Pick<Services, 'audit'>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const workspace = request.auth?.workspace;
    if (reply.statusCode >= 400 || !workspace) return payload;
    const policy = requestPolicy(request);
    if (!policy?.audit) return payload;
    try {
      await services.audit.record({
        workspaceId: workspace.id,
        actorId: request.auth!.user.id,
        tokenName: request.auth!.token?.name ?? null,
        action: policy.audit.action,
        subject: policy.audit.subject,
        detail: detailOf(request, policy.audit),
        targetId: targetOf(request, policy, payload),
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit entry not written');
    }
    return payload;
  });
}
