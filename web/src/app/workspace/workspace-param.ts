import { WORKSPACE_HEADER, WORKSPACE_PARAM } from '@core/workspaces/header';
import { inBrowser } from '../viewport';

export { WORKSPACE_PARAM };

/** The workspace the address names, or null for the personal one. */
export function currentWorkspaceId(): string | null {
  if (!inBrowser) return null;
  return new URLSearchParams(window.location.search).get(WORKSPACE_PARAM) || null;
}

/** The header every API call carries to act in the address's workspace (none: personal). */
export function workspaceHeaders(): Record<string, string> {
  const id = currentWorkspaceId();
  return id ? { [WORKSPACE_HEADER]: id } : {};
}

/** `search` with the workspace parameter set to `id`, or removed for the personal one. */
export function withWorkspace(search: string, id: string | null): string {
  const params = new URLSearchParams(search);
  if (id) params.set(WORKSPACE_PARAM, id);
  else params.delete(WORKSPACE_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}
