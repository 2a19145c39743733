/**
 * Writes the sandbox manifest: `tsx server/src/sandbox/write-manifest-cli.ts [dir] [--port N]`.
 * Defaults: `$DATA_DIR/sandbox` (DATA_DIR defaults to ./data) and `$PORT` (8080).
 */
import path from 'node:path';
import { DEFAULT_SANDBOX_PORT } from './host';
import { buildManifest, writeManifest } from './manifest';

const args = process.argv.slice(2);
const portFlag = args.indexOf('--port');
const port = Number(
  portFlag === -1 ? (process.env.PORT ?? DEFAULT_SANDBOX_PORT) : args[portFlag + 1],
);
const dir =
  args.find((arg, i) => !arg.startsWith('--') && i !== portFlag + 1) ??
  path.join(process.env.DATA_DIR ?? './data', 'sandbox');

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error('Usage: write-manifest-cli.ts [dir] [--port N] (N from 1 to 65535)');
  process.exit(1);
}
const manifest = buildManifest({ port });
const file = await writeManifest(dir, manifest);
console.log(
  `Wrote ${file}: ${manifest.sites.length} sites, ${manifest.pages.length} URLs, port ${port}.`,
);
