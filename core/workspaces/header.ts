/**
 * The request header that names the workspace a call acts in; without it, a call acts in
 * the caller's personal workspace, whose id is their user id.
 */
export const WORKSPACE_HEADER = 'x-workspace-id';
