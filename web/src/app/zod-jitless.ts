import { config } from 'zod';

// Zod probes `new Function` to compile its parsers, which our CSP (script-src 'self')
// refuses: a violation reported on every page. Its interpreted parsers are fast enough here.
// Imported by each lazily loaded part that parses with zod (screens, modals, page-load auth).
config({ jitless: true });
