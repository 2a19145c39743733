import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's own dump and restore tools: on PATH, or where Debian's packages put them
 * (/usr/lib/postgresql/<major>/bin, newest first), since a server package does not link
 * them onto PATH.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string | null {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const majors = fs
      .readdirSync(debian)
      .filter((d) => /^\d+$/.test(d))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...majors.map((major) => path.join(debian, major, 'bin')));
  }
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

export class PgToolMissing extends Error {}

/** Runs a PostgreSQL tool to its end; its error output becomes the error's message. */
export async function runPgTool(
  name: 'pg_dump' | 'pg_restore',
  args: string[],
  howWithout: string,
): Promise<void> {
  const tool = findPgTool(name);
  if (!tool)
    throw new PgToolMissing(
      `${name} was not found (install PostgreSQL's client tools). ${howWithout}`,
    );
  const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${name} failed: ${stderr.trim() || `exit code ${code}`}`);
}
