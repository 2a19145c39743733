import { publishToGithub } from './github';
import { publishToGitlab } from './gitlab';
import type { CiEnv, CiHostName, PublishReport } from './port';

export { CiHostError, CiSetupError, type CiEnv, type CiPublication, type CiReport } from './port';

export const CI_HOSTS: Record<CiHostName, PublishReport> = {
  github: publishToGithub,
  gitlab: publishToGitlab,
};

/** The host a pipeline runs on, by the variable each sets; null elsewhere. */
export function ciHostOf(env: CiEnv): CiHostName | null {
  if (env.GITHUB_ACTIONS === 'true') return 'github';
  if (env.GITLAB_CI === 'true') return 'gitlab';
  return null;
}
