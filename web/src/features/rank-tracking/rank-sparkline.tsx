const WIDTH = 100;
const HEIGHT = 28;
const PAD = 3;

/**
 * The SVG path of daily positions, position 1 at the top; a day with no position (not
 * ranked, failed, not checked) breaks the line instead of being drawn as a drop.
 */
export function sparklinePath(values: readonly (number | null)[]) {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return { path: '', dots: [] as { x: number; y: number }[] };
  const best = Math.min(...known);
  const worst = Math.max(...known);
  const x = (i: number) =>
    PAD +
    (values.length > 1 ? (i / (values.length - 1)) * (WIDTH - 2 * PAD) : (WIDTH - 2 * PAD) / 2);
  const y = (v: number) =>
    worst === best ? HEIGHT / 2 : PAD + ((v - best) / (worst - best)) * (HEIGHT - 2 * PAD);
  let path = '';
  const dots: { x: number; y: number }[] = [];
  values.forEach((v, i) => {
    if (v === null) return;
    const before = i > 0 ? values[i - 1] : null;
    const after = i < values.length - 1 ? values[i + 1] : null;
    path += `${before === null || before === undefined ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
    // A day between two unknown ones has no line to sit on: a dot shows it.
    if ((before === null || before === undefined) && (after === null || after === undefined)) {
      dots.push({ x: x(i), y: y(v) });
    }
  });
  return { path, dots };
}

/** The last 30 days' positions as a small line, gaps where a day's position is unknown. */
export function RankSparkline({
  values,
  keyword,
}: {
  values: readonly (number | null)[];
  keyword: string;
}) {
  const { path, dots } = sparklinePath(values);
  const known = values.filter((v): v is number => v !== null);
  const label = known.length
    ? `Positions of ${keyword} over ${values.length} days: best ${Math.min(...known)}, worst ${Math.max(...known)}, ${values.length - known.length} days without a position`
    : `No position of ${keyword} in the last ${values.length} days`;
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid="rank-sparkline"
      className="d-block"
    >
      <title>{label}</title>
      {!known.length && (
        <line
          x1={PAD}
          x2={WIDTH - PAD}
          y1={HEIGHT / 2}
          y2={HEIGHT / 2}
          stroke="#ced4da"
          strokeDasharray="3 3"
        />
      )}
      {path && (
        <path d={path} fill="none" stroke="#0d6efd" strokeWidth={1.5} strokeLinejoin="round" />
      )}
      {dots.map((dot) => (
        <circle key={`${dot.x}-${dot.y}`} cx={dot.x} cy={dot.y} r={1.8} fill="#0d6efd" />
      ))}
    </svg>
  );
}
