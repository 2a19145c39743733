/** How a tracked flow's steps are judged: constants the messages word and the server uses. */

/**
 * Runs a step's judgement pools: the run and the ones before it. A flow run measures each
 * step once, and one value against five can never be significant (p ≥ 1/6); three against
 * five can (p = 1/56 at best), so a step alerts once three runs in a row are slower.
 */
export const FLOW_JUDGED_RUNS = 3;
/** Earlier unregressed runs of a step its judgement compares with. */
export const FLOW_BASELINE_RUNS = 5;
