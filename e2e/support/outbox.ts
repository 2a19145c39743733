import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** Waits for the newest outbox message to `to` and returns the app link it carries. */
export async function linkFromOutbox(to: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      if (seen.has(file)) continue;
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      // Quoted-printable soft line breaks would split the link.
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) {
        seen.add(file);
        continue;
      }
      const match = text.match(/https?:\/\/[^\s"<>]+[?&]token=[^\s"<>]+/);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no outbox message with a link for ${to}`);
}

/** Outbox message count for an address, to tell a new message from an old one. */
export function outboxCount(to: string): number {
  const dir = path.join(inject('dataDir'), 'outbox');
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').toLowerCase().includes(`to: ${to}`))
    .length;
}
