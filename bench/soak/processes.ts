/**
 * Chromium processes on this machine, read from /proc (Linux): those below a given process
 * (the app's Lighthouse runs), and whether any seen there outlive the app.
 */
import fs from 'node:fs';

interface ProcessInfo {
  pid: number;
  parent: number;
  chromium: boolean;
}

/** Reads one process, or null when it ended meanwhile. */
function readProcess(pid: number): ProcessInfo | null {
  try {
    // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return { pid, parent, chromium: /chrom(e|ium)/i.test(cmdline.split('\0')[0] ?? '') };
  } catch {
    return null;
  }
}

function processes(): ProcessInfo[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((info): info is ProcessInfo => info !== null);
}

/** Pids of the Chromium processes among `root`'s descendants. */
export function chromiumBelow(root: number): number[] {
  const all = processes();
  const children = new Map<number, ProcessInfo[]>();
  for (const info of all) children.set(info.parent, [...(children.get(info.parent) ?? []), info]);
  const found: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    for (const child of children.get(stack.pop()!) ?? []) {
      if (child.chromium) found.push(child.pid);
      stack.push(child.pid);
    }
  }
  return found;
}

/** Every Chromium process on the machine, whoever started it. */
export const allChromium = (): number[] =>
  processes()
    .filter((info) => info.chromium)
    .map((info) => info.pid);

/** Which of `pids` still run Chromium. */
export const stillChromium = (pids: Iterable<number>): number[] =>
  [...pids].filter((pid) => readProcess(pid)?.chromium === true);
