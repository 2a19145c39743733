/** Score bands and metric classification. */

export type SpeedClass = 'pass' | 'average' | 'fail';

/** Speed score bands: 0-49 fail, 50-89 average, 90-100 pass. */
export function scoreClass(score: number): SpeedClass {
  if (score > 89) return 'pass';
  if (score > 49) return 'average';
  return 'fail';
}

/** Field data categories FAST, AVERAGE, SLOW map to pass, average, fail. */
export function categoryClass(category: string | null | undefined): SpeedClass | null {
  switch (category) {
    case 'FAST':
      return 'pass';
    case 'AVERAGE':
      return 'average';
    case 'SLOW':
      return 'fail';
    default:
      return null;
  }
}

export const SCORE_LEGEND: readonly { range: string; cls: SpeedClass }[] = [
  { range: '0-49', cls: 'fail' },
  { range: '50-89', cls: 'average' },
  { range: '90-100', cls: 'pass' },
];
