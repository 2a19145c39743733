import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { WORKSPACE_ENDPOINTS as WORKSPACES } from '@core/endpoints/workspaces';
import type { Endpoint } from '@core/endpoints/endpoint';
import { policyOf } from '@core/workspaces/policy';
import { roleAllows, type Role } from '@core/workspaces/roles';
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
 * The workspace the app acts in now, once the list has loaded: the one the address names,
 * else the personal one; undefined when the address names one not in the list.
 */
export function useCurrentWorkspace() {
  const { data } = useWorkspaces();
  const named = currentWorkspaceId();
  return data?.find((w) => (named ? w.id === named : w.personal));
}

/**
 * The plan whose limits apply where the app acts now: the current workspace owner's, which
 * the server enforces; the user's own until the list has loaded (their personal workspace).
 */
export function useWorkspacePlanId(): number {
  const { session } = useSession();
  return useCurrentWorkspace()?.plan.id ?? session.planId;
}

/**
 * Whether the user's role where the app acts now lets them call `contract`, by the policy
 * the server enforces (core/workspaces/policy.ts); the controls of a call they may not make
 * are not shown. Until the list has loaded, the personal workspace's: its owner may.
 */
export function useWorkspaceAllows(): (contract: Endpoint) => boolean {
  const role = useCurrentWorkspace()?.role ?? 'owner';
  return (contract) => roleAllows(role, policyOf(contract)?.role ?? 'viewer');
}

/** The members of a workspace, and (for its admins) its open invitations. */
export const membersQuery = (token: string, id: string) =>
  queryOptions({
    queryKey: [...workspaceKeys.list(token), id, 'members'] as const,
    queryFn: () => callEndpoint(WORKSPACES.members, { token, params: { id } }),
    retry: retryUnlessRefused,
  });

export const invitesQuery = (token: string, id: string) =>
  queryOptions({
    queryKey: [...workspaceKeys.list(token), id, 'invites'] as const,
    queryFn: () => callEndpoint(WORKSPACES.invites, { token, params: { id } }),
    retry: retryUnlessRefused,
  });

/** A workspace's audit log, newest first, a page at a time (its admins'). */
const auditQuery = (token: string, id: string) =>
  infiniteQueryOptions({
    queryKey: [...workspaceKeys.list(token), id, 'audit'] as const,
    queryFn: ({ pageParam }) =>
      callEndpoint(WORKSPACES.audit, {
        token,
        params: { id },
        query: pageParam ? { before: pageParam } : {},
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
    retry: retryUnlessRefused,
  });

export function useAudit(id: string) {
  const { token, enabled } = useSignedInToken();
  return useInfiniteQuery({ ...auditQuery(token, id), enabled });
}

export const useMembers = (id: string) => useSignedInQuery((token) => membersQuery(token, id));
export const useInvites = (id: string, admin: boolean) =>
  useSignedInQuery((token) => invitesQuery(token, id), admin);

/** Inviting, changing roles, removing, leaving and transferring; each refreshes the lists. */
export function useMemberMutations(id: string) {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: workspaceKeys.list(token) });
  return {
    invite: useMutation({
      mutationFn: (body: { email: string; role: 'viewer' | 'member' | 'admin' }) =>
        callEndpoint(WORKSPACES.invite, { token, params: { id }, body }),
      onSettled,
    }),
    revokeInvite: useMutation({
      mutationFn: (inviteId: string) =>
        callEndpoint(WORKSPACES.revokeInvite, { token, params: { id, inviteId } }),
      onSettled,
    }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
        callEndpoint(WORKSPACES.changeRole, { token, params: { id, userId }, body: { role } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (userId: string) =>
        callEndpoint(WORKSPACES.removeMember, { token, params: { id, userId } }),
      onSettled,
    }),
    leave: useMutation({
      mutationFn: () => callEndpoint(WORKSPACES.leave, { token, params: { id } }),
      onSettled,
    }),
    transfer: useMutation({
      mutationFn: (userId: string) =>
        callEndpoint(WORKSPACES.transfer, { token, params: { id }, body: { userId } }),
      onSettled,
    }),
  };
}
