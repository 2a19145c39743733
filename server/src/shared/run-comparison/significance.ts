/** A difference this unlikely under 'nothing changed' counts as significant. */
export const ALPHA = 0.05;
/**
 * Cliff's delta at least this large: 'large' in Romano et al.'s bands (0.474), so that
 * a significant but small shift between noisy runs does not alert.
 */
export const MIN_CLIFFS_DELTA = 0.474;
