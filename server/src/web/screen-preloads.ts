import { SCREEN_FRAME_SOURCE, SCREENS, screenSource } from '@core/screens';
import { entryKey, readBuildManifest, staticClosure } from './build-manifest';

/**
 * For each route, the script files its screen needs beyond the shell, read from the build's
 * manifest. Named in the route's page as module preloads, they download with the shell
 * instead of after it has run: one round trip less before the screen shows.
 */
export function screenPreloads(distDir: string): Map<string, string[]> {
  const preloads = new Map<string, string[]>();
  const manifest = readBuildManifest(distDir);
  if (!manifest) return preloads;
  const entry = entryKey(manifest);
  const shell = entry ? staticClosure(manifest, entry) : new Set<string>();
  const frame = staticClosure(manifest, SCREEN_FRAME_SOURCE);
  for (const [route, screen] of Object.entries(SCREENS)) {
    const keys = staticClosure(manifest, screenSource(screen), new Set(frame));
    const files = [...keys].filter((key) => !shell.has(key)).map((key) => manifest[key]!.file);
    preloads.set(route, files);
  }
  return preloads;
}

/** The `<link>` elements that preload `files` as module scripts, as Vite's own are. */
export function modulePreloadTags(files: readonly string[]): string {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}
