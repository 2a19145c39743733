// Zod probes `new Function` when it builds its first object schema, to compile its parsers,
// which our CSP (script-src 'self') refuses: a violation reported on every page. The web
// build resolves `zod` to this module (vite.config.ts), so zod is jitless before any schema
// of ours exists, whichever chunk runs first. Its interpreted parsers are fast enough here.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
