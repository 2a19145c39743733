/** What the tracked page form edits of a page's sign-in: no flow and no cookie is signed out. */
export interface SignInDraft {
  flowId: string | null;
  cookies: { name: string; secret: string }[];
}

export const signInOf = (draft: SignInDraft) =>
  draft.flowId === null && draft.cookies.length === 0 ? null : draft;
