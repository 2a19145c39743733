import fs from 'node:fs';

/** State, parent and process group of `pid`, from /proc; null once it is gone. */
function stat(pid: number): { state: string; ppid: number; pgrp: number } | null {
  try {
    // "pid (comm) state ppid pgrp …"; comm may hold spaces, so read after the last ')'.
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid, pgrp] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid), pgrp: Number(pgrp) };
  } catch {
    return null;
  }
}

/** Running, or stopped: a zombie (dead, waiting for a parent to reap it) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const state = stat(pid)?.state;
  return state === undefined || state !== 'Z';
}

function livePids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter(isAlive);
}

/** Live processes whose command line holds `marker`, e.g. a folder of a test's own. */
export function processesWith(marker: string): number[] {
  return livePids().filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false;
    }
  });
}

/** Live processes whose parent is `ppid`. */
export function childrenOf(ppid: number): number[] {
  return livePids().filter((pid) => stat(pid)?.ppid === ppid);
}

/** Live processes of the process group `pgrp` (a detached browser and its renderers). */
export function processGroup(pgrp: number): number[] {
  return livePids().filter((pid) => stat(pid)?.pgrp === pgrp);
}

/** The process group `pid` belongs to. */
export function groupOf(pid: number): number | null {
  return stat(pid)?.pgrp ?? null;
}
