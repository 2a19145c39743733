import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { lineChartPng } from './line-chart-png';

const pixel = (png: PNG, x: number, y: number) => {
  const at = (y * png.width + x) * 4;
  return [png.data[at], png.data[at + 1], png.data[at + 2]];
};

describe('a line chart as a PNG', () => {
  it('draws each series where its values are, and nothing where a value is unknown', () => {
    const blue = [13, 110, 253] as const;
    const png = PNG.sync.read(
      lineChartPng([{ values: [100, 100, null, 0], color: blue }], { width: 108, height: 116 }),
    );
    expect([png.width, png.height]).toEqual([108, 116]);
    // x of point i: 8 + 92 i / 3; y of 100: 8, of 0: 108.
    expect(pixel(png, 8, 8)).toEqual([...blue]);
    expect(pixel(png, 23, 8)).toEqual([...blue]);
    // The gap between the second and the last point stays white above the axis.
    expect(pixel(png, 60, 50)).toEqual([255, 255, 255]);
    // A value standing alone (the last) is a dot.
    expect(pixel(png, 100, 107)).toEqual([...blue]);
  });
});
