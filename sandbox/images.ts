import type { ImageSpec } from './model';
import { encodePng } from './png';
import { mulberry32 } from './prng';

export const HEAVY_IMAGE_COUNT = 8;
export const LIGHT_IMAGE_COUNT = 24;

export const heavyImageName = (index: number): string => `photo-${index}`;
export const lightImageName = (index: number): string => `thumb-${index}`;

/** Every image the sandbox serves: large noisy "photos", small thumbnails and a logo. */
export function imageSpecs(): ImageSpec[] {
  const specs: ImageSpec[] = [{ name: 'logo', width: 160, height: 160, weight: 'light', hue: 210 }];
  for (let i = 1; i <= HEAVY_IMAGE_COUNT; i += 1) {
    specs.push({
      name: heavyImageName(i),
      width: 1400,
      height: 900,
      weight: 'heavy',
      hue: (i * 47) % 360,
    });
  }
  for (let i = 1; i <= LIGHT_IMAGE_COUNT; i += 1) {
    specs.push({
      name: lightImageName(i),
      width: 480,
      height: 300,
      weight: 'light',
      hue: (i * 29) % 360,
    });
  }
  return specs;
}

function hueToRgb(hue: number, light: number): [number, number, number] {
  const c = 1 - Math.abs(2 * light - 1);
  const h = hue / 60;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [c, x, 0]
      : h < 2
        ? [x, c, 0]
        : h < 3
          ? [0, c, x]
          : h < 4
            ? [0, x, c]
            : h < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = light - c / 2;
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

/**
 * Draws the image: a soft gradient with a sun-like disc. Heavy images add strong per-pixel
 * noise and are stored without compression, so their bytes are as large as a raw photo's.
 */
export function renderImage(spec: ImageSpec): Buffer {
  const { width, height } = spec;
  const rgb = Buffer.alloc(width * height * 3);
  const noise = mulberry32(spec.hue * 7919 + width);
  const [r0, g0, b0] = hueToRgb(spec.hue, 0.35);
  const [r1, g1, b1] = hueToRgb((spec.hue + 40) % 360, 0.75);
  const cx = width * 0.7;
  const cy = height * 0.35;
  const radius = Math.min(width, height) * 0.18;
  let offset = 0;
  for (let y = 0; y < height; y += 1) {
    const t = y / height;
    for (let x = 0; x < width; x += 1) {
      const sun = Math.hypot(x - cx, y - cy) < radius ? 60 : 0;
      const jitter = spec.weight === 'heavy' ? (noise() - 0.5) * 90 : 0;
      rgb[offset] = Math.max(0, Math.min(255, r0 + (r1 - r0) * t + sun + jitter));
      rgb[offset + 1] = Math.max(0, Math.min(255, g0 + (g1 - g0) * t + sun + jitter));
      rgb[offset + 2] = Math.max(0, Math.min(255, b0 + (b1 - b0) * t + jitter));
      offset += 3;
    }
  }
  return encodePng(width, height, rgb, spec.weight === 'heavy' ? 0 : 9);
}

/** Image sizes by spec: a heavy one by its dimensions alone (see `imageBytes`). */
const imageSizes = new Map<string, number>();

/**
 * The bytes the sandbox serves for the image, rendered once per process. Heavy images are
 * stored uncompressed, so their size depends on their dimensions alone and one rendering
 * weighs them all; a light image's size depends on what it shows.
 */
export function imageBytes(spec: ImageSpec): number {
  const key =
    spec.weight === 'heavy'
      ? `heavy ${spec.width}x${spec.height}`
      : `${spec.name} ${spec.width}x${spec.height} ${spec.hue}`;
  let bytes = imageSizes.get(key);
  if (bytes === undefined) {
    bytes = renderImage(spec).length;
    imageSizes.set(key, bytes);
  }
  return bytes;
}

/** Renders images on first use and keeps them while they fit in the byte budget. */
export class ImageCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly specs: ReadonlyMap<string, ImageSpec>,
    private readonly budgetBytes: number,
  ) {}

  get(name: string): Buffer | null {
    const cached = this.entries.get(name);
    if (cached) {
      // Re-insert so Map order tracks recency.
      this.entries.delete(name);
      this.entries.set(name, cached);
      return cached;
    }
    const spec = this.specs.get(name);
    if (!spec) return null;
    const image = renderImage(spec);
    this.entries.set(name, image);
    this.bytes += image.length;
    for (const [oldName, oldImage] of this.entries) {
      if (this.bytes <= this.budgetBytes || oldName === name) break;
      this.entries.delete(oldName);
      this.bytes -= oldImage.length;
    }
    return image;
  }
}
