import fs from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/web/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The build's manifest, or null when the build has none. */
export function readBuildManifest(distDir: string): BuildManifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest) : null;
}

/** The key of the chunk index.html loads. */
export function entryKey(manifest: BuildManifest): string | undefined {
  return Object.keys(manifest).find((key) => manifest[key]!.isEntry);
}

/** A chunk and everything it imports statically: what loading it fetches. */
export function staticClosure(
  manifest: BuildManifest,
  key: string,
  into = new Set<string>(),
): Set<string> {
  if (!manifest[key] || into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}
