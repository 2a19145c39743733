/**
 * The request header that names the workspace a call acts in; without it, a call acts in
 * the caller's personal workspace, whose id is their user id.
 */
export const WORKSPACE_HEADER = 'x-workspace-id';

/**
 * The address's query parameter that names the workspace the app acts in: a link copied
 * from a shared workspace (or emailed from it) opens it. Absent, the personal workspace.
 */
export const WORKSPACE_PARAM = 'ws';
