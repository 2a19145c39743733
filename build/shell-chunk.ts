import path from 'node:path';
import type { Rollup } from 'vite';

type ModuleInfo = Pick<Rollup.ModuleInfo, 'importedIds'>;
interface ChunkingContext {
  getModuleInfo(id: string): ModuleInfo | null;
}

function staticClosure(ctx: ChunkingContext, id: string, into = new Set<string>()): Set<string> {
  if (into.has(id)) return into;
  into.add(id);
  for (const imported of ctx.getModuleInfo(id)?.importedIds ?? [])
    staticClosure(ctx, imported, into);
  return into;
}

/**
 * Every page loads the app (`start`) with everything it imports: left to itself, the bundler
 * splits that into a dozen small chunks shared with the screens, each costing a request and
 * its headers. This names them all one chunk. What the entry imports stays out of it: the
 * entry must stay small to load before the page's first paint (web/src/main.tsx).
 */
export function shellChunk(webRoot: string, entry: string, start: string) {
  const entryId = path.join(webRoot, entry);
  const startId = path.join(webRoot, start);
  let shell: Set<string> | null = null;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (!shell) {
      const early = staticClosure(ctx, entryId);
      shell = new Set([...staticClosure(ctx, startId)].filter((m) => !early.has(m)));
    }
    return shell.has(id) ? 'shell' : null;
  };
}
