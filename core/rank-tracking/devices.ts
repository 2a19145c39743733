/** The devices a keyword is tracked on; apart from the schemas, so links stay light. */
export const RANK_DEVICES = ['mobile', 'desktop'] as const;
export type RankDevice = (typeof RANK_DEVICES)[number];
