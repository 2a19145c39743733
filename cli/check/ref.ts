import type { CheckRef } from '@core/schemas/checks';
import { githubTarget } from '../ci-hosts/github';
import { gitlabTarget } from '../ci-hosts/gitlab';
import type { CiEnv } from '../ci-hosts';

/** The change a pipeline builds, as the host the report goes to names it. */
export async function refFromCi(host: 'github' | 'gitlab', env: CiEnv): Promise<CheckRef> {
  if (host === 'github') {
    const target = await githubTarget(env);
    const branch = env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME;
    return {
      repository: `${target.owner}/${target.repo}`,
      commit: target.sha,
      ...(target.pullRequest !== null && { pullRequest: target.pullRequest }),
      ...(branch && { branch }),
    };
  }
  const target = gitlabTarget(env);
  const branch = env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME || env.CI_COMMIT_REF_NAME;
  return {
    repository: env.CI_PROJECT_PATH || target.projectId,
    commit: target.sha,
    ...(target.mergeRequestIid !== null && { pullRequest: target.mergeRequestIid }),
    ...(branch && { branch }),
  };
}
