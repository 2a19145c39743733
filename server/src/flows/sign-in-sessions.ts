import { secretNamesOf, type FlowStep } from '@core/flows/flow-schema';
import type { SignIn } from '@core/flows/sign-in';
import { FLOW_MESSAGES, SIGN_IN_MESSAGES } from '@core/messages';
import type { Db } from '../db/connect';
import { Invalid } from '../domain/errors';
import { LabRunError, type LabSession } from '../providers/lab-speed/port';
import type { WorkspaceSecrets } from './workspace-secrets';

/**
 * The sessions tracked pages are measured signed in with: the workspace's sign-in flow and
 * the secrets its steps type and its cookies carry, opened for one run alone.
 */
export class SignInSessions {
  constructor(
    private readonly db: Db,
    private readonly secrets: WorkspaceSecrets,
  ) {}

  private async stepsOf(workspaceId: string, signIn: SignIn): Promise<FlowStep[] | null> {
    if (signIn.flowId === null) return [];
    const row = await this.db.kysely
      .selectFrom('flows')
      .select('steps')
      .where('id', '=', signIn.flowId)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.steps) as FlowStep[]) : null;
  }

  private async problem(
    workspaceId: string,
    signIn: SignIn,
  ): Promise<{ message: string } | { steps: FlowStep[]; names: string[] }> {
    const steps = await this.stepsOf(workspaceId, signIn);
    if (!steps) return { message: SIGN_IN_MESSAGES.signInFlowNotFound };
    const names = [
      ...new Set([...secretNamesOf(steps), ...signIn.cookies.map((cookie) => cookie.secret)]),
    ];
    const missing = await this.secrets.missing(workspaceId, names);
    if (missing.length > 0) return { message: FLOW_MESSAGES.missingSecrets(missing) };
    return { steps, names };
  }

  /** Refuses (400) a sign-in the workspace cannot make: a flow or secrets it does not have. */
  async check(workspaceId: string, signIn: SignIn): Promise<void> {
    const found = await this.problem(workspaceId, signIn);
    if ('message' in found) throw new Invalid(found.message);
  }

  /** The session for one run; a failed sample (LabRunError) when it can no longer be made. */
  async open(workspaceId: string, signIn: SignIn): Promise<LabSession> {
    const found = await this.problem(workspaceId, signIn);
    if ('message' in found) throw new LabRunError('other', found.message);
    const values = await this.secrets.open(workspaceId, found.names);
    return {
      steps: found.steps,
      cookies: signIn.cookies.map(({ name, secret }) => ({ name, value: values[secret] ?? '' })),
      secrets: values,
    };
  }
}
