import type { App } from '../src/app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call of the API by a signed-in person, in the workspace named (their personal one without). */
export const callIn = (
  app: App,
  method: Method,
  url: string,
  who: { headers: Record<string, string> },
  workspaceId?: string,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: { ...who.headers, ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}) },
    ...(payload ? { payload } : {}),
  });

type Call = Parameters<typeof callIn> extends [App, ...infer Rest] ? Rest : never;

/** `callIn` on the app a test built last (`app()` is read at each call). */
export const callsOf =
  (app: () => App) =>
  (...args: Call) =>
    callIn(app(), ...args);
