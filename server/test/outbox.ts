import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../src/config';

/** The outbox's messages to `to`, newest first, as a person reads them (soft breaks joined). */
export function outboxMessagesTo(config: Config, to: string): string[] {
  const dir = path.join(config.dataDir, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
  return files
    .map((file) =>
      fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.toLowerCase().includes(`to: ${to}`));
}

/** The token of the newest outbox email to `to`, read the way a person reads the link. */
export function lastLinkTo(config: Config, to: string): URL {
  for (const text of outboxMessagesTo(config, to)) {
    const match = text.match(/https?:\/\/\S+[?&]token=\S+/);
    if (match) return new URL(match[0]);
  }
  throw new Error(`no link emailed to ${to}`);
}

export function outboxCount(config: Config): number {
  const dir = path.join(config.dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}
