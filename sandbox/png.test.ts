import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { imageSpecs, ImageCache, renderImage } from './images';
import { encodePng } from './png';

function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const out: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(
      zlib.crc32(png.subarray(offset + 4, offset + 8 + length)),
    );
    out.push({ type, data });
    offset += 12 + length;
  }
  return out;
}

describe('encodePng', () => {
  it('writes a valid RGB PNG whose pixels inflate back', () => {
    const rgb = Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]);
    const png = encodePng(2, 2, rgb, 9);
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const [ihdr, idat, iend] = chunks(png);
    expect(ihdr?.type).toBe('IHDR');
    expect(ihdr?.data.readUInt32BE(0)).toBe(2);
    expect(iend?.type).toBe('IEND');
    expect(zlib.inflateSync(idat?.data as Buffer)).toEqual(
      Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 9, 9, 9]),
    );
  });
});

describe('sandbox images', () => {
  it('makes heavy images as large as raw pixels and thumbnails small', () => {
    const specs = imageSpecs();
    const heavy = specs.find((spec) => spec.weight === 'heavy');
    const light = specs.find((spec) => spec.name.startsWith('thumb-'));
    expect(renderImage(heavy!).length).toBeGreaterThan(heavy!.width * heavy!.height * 3);
    expect(renderImage(light!).length).toBeLessThan(40_000);
  });

  it('renders each image the same way every time and evicts past its budget', () => {
    const specs = imageSpecs()
      .filter((spec) => spec.weight === 'light')
      .slice(0, 3);
    const cache = new ImageCache(new Map(specs.map((spec) => [spec.name, spec])), 1);
    const first = cache.get(specs[1]!.name);
    expect(first).toEqual(renderImage(specs[1]!));
    expect(cache.get('no-such-image')).toBeNull();
    expect(cache.get(specs[2]!.name)).not.toBeNull();
  });
});
