import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { TOKEN_ENDPOINTS as TOKENS } from '@core/endpoints/api-tokens';
import type { CreateTokenBody } from '@core/schemas/api-tokens';
import { callEndpoint, retryUnlessRefused } from './api-client';
import { useSignedInQuery, useSignedInToken } from './signed-in-token';

const tokenKeys = { list: (token: string) => ['api-tokens', token] as const };

/** The API tokens the signed-in person made, never with their secrets. */
export const useApiTokens = () =>
  useSignedInQuery((token: string) =>
    queryOptions({
      queryKey: tokenKeys.list(token),
      queryFn: () => callEndpoint(TOKENS.list, { token }),
      retry: retryUnlessRefused,
    }),
  );

/** Making a token (its answer carries the secret, once) and revoking one. */
export function useApiTokenMutations() {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: tokenKeys.list(token) });
  return {
    create: useMutation({
      mutationFn: (body: CreateTokenBody) => callEndpoint(TOKENS.create, { token, body }),
      onSettled,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => callEndpoint(TOKENS.revoke, { token, params: { id } }),
      onSettled,
    }),
  };
}
