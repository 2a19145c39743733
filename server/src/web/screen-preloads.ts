import fs from 'node:fs';
import path from 'node:path';
import { SCREEN_FRAME_SOURCE, SCREENS, screenSource } from '@core/screens';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * For each route, the script files its screen needs beyond the shell, read from the build's
 * manifest. Named in the route's page as module preloads, they download with the shell
 * instead of after it has run: one round trip less before the screen shows.
 */
export function screenPreloads(distDir: string): Map<string, string[]> {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const preloads = new Map<string, string[]>();
  if (!fs.existsSync(manifestFile)) return preloads;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closure = (key: string, into = new Set<string>()) => {
    if (!manifest[key] || into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const shell = entry ? closure(entry) : new Set<string>();
  const frame = closure(SCREEN_FRAME_SOURCE);
  for (const [route, screen] of Object.entries(SCREENS)) {
    const keys = closure(screenSource(screen), new Set(frame));
    const files = [...keys].filter((key) => !shell.has(key)).map((key) => manifest[key]!.file);
    preloads.set(route, files);
  }
  return preloads;
}

/** The `<link>` elements that preload `files` as module scripts, as Vite's own are. */
export function modulePreloadTags(files: readonly string[]): string {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}
