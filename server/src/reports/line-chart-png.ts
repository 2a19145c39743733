import { PNG } from 'pngjs';

export type Rgb = readonly [number, number, number];

/** One line of the chart: a value a point (0–100), null for a gap. */
export interface PngSeries {
  values: readonly (number | null)[];
  color: Rgb;
  dashed?: boolean;
}

const GRID: Rgb = [222, 226, 230];
const AXIS: Rgb = [173, 181, 189];
const PAD = { left: 8, right: 8, top: 8, bottom: 8 };

/**
 * A line chart of 0–100 values as a PNG, for email clients that show no script or SVG: a
 * grid line every 25, a line a series (gaps where a value is unknown, a dot where a value
 * stands alone). No text: the email says what each line is beside it.
 */
export function lineChartPng(
  series: readonly PngSeries[],
  { width = 600, height = 200 }: { width?: number; height?: number } = {},
): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(255);
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= width || py >= height) return;
    const at = (py * width + px) * 4;
    png.data[at] = r;
    png.data[at + 1] = g;
    png.data[at + 2] = b;
    png.data[at + 3] = 255;
  };
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = height - PAD.top - PAD.bottom;
  const yOf = (value: number) =>
    PAD.top + plotHeight * (1 - Math.min(100, Math.max(0, value)) / 100);
  for (const level of [0, 25, 50, 75, 100]) {
    for (let x = PAD.left; x <= width - PAD.right; x++)
      set(x, yOf(level), level === 0 ? AXIS : GRID);
  }
  const points = Math.max(...series.map((s) => s.values.length), 1);
  const xOf = (i: number) =>
    PAD.left + (points === 1 ? plotWidth / 2 : (plotWidth * i) / (points - 1));
  const dot = (x: number, y: number, color: Rgb, radius: number) => {
    for (let dx = -radius; dx <= radius; dx++) {
      for (let dy = -radius; dy <= radius; dy++) set(x + dx, y + dy, color);
    }
  };
  for (const { values, color, dashed } of series) {
    values.forEach((value, i) => {
      if (value === null) return;
      const [x, y] = [xOf(i), yOf(value)];
      const next = values[i + 1];
      const previous = i > 0 ? values[i - 1] : null;
      if (next === null || next === undefined) {
        if (previous === null || previous === undefined) dot(x, y, color, 2);
        return;
      }
      const [x2, y2] = [xOf(i + 1), yOf(next)];
      const steps = Math.max(1, Math.ceil(Math.hypot(x2 - x, y2 - y)));
      for (let step = 0; step <= steps; step++) {
        // A dashed line: 6 pixels drawn, 4 left out.
        if (dashed && step % 10 >= 6) continue;
        dot(x + ((x2 - x) * step) / steps, y + ((y2 - y) * step) / steps, color, 1);
      }
    });
  }
  return PNG.sync.write(png);
}
