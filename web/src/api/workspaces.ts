import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { WORKSPACE_ENDPOINTS as WORKSPACES } from '@core/endpoints/workspaces';
import { useSession } from '../app/session/session-context';
import { currentWorkspaceId } from '../app/workspace/workspace-param';
import { callEndpoint, retryUnlessRefused } from './api-client';
import { useSignedInQuery, useSignedInToken } from './signed-in-token';

export const workspaceKeys = {
  list: (token: string) => ['workspaces', token] as const,
};

/** The workspaces the signed-in user belongs to, their role in each and whose plan applies. */
export const workspacesQuery = (token: string) =>
  queryOptions({
    queryKey: workspaceKeys.list(token),
    queryFn: () => callEndpoint(WORKSPACES.list, { token }),
    retry: retryUnlessRefused,
  });

export const useWorkspaces = () => useSignedInQuery(workspacesQuery);

/** Making, renaming and deleting workspaces; each refreshes the list. */
export function useWorkspaceMutations() {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: workspaceKeys.list(token) });
  return {
    create: useMutation({
      mutationFn: (name: string) => callEndpoint(WORKSPACES.create, { token, body: { name } }),
      onSettled,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        callEndpoint(WORKSPACES.rename, { token, params: { id }, body: { name } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: ({ id, password }: { id: string; password: string }) =>
        callEndpoint(WORKSPACES.remove, { token, params: { id }, body: { password } }),
      onSettled,
    }),
  };
}

/**
 * The plan whose limits apply where the app acts now: the current workspace owner's, which
 * the server enforces; the user's own until the list has loaded (their personal workspace).
 */
export function useWorkspacePlanId(): number {
  const { session } = useSession();
  const { data } = useWorkspaces();
  const named = currentWorkspaceId();
  const current = data?.find((w) => (named ? w.id === named : w.personal));
  return current?.plan.id ?? session.planId;
}
