// The ffmpeg processes still running under this one: an abort must leave none behind.
import { readFile, readdir } from 'node:fs/promises';

/** Pids of live (not zombie) children of this process whose command is ffmpeg. Linux /proc. */
export async function ffmpegChildren(): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …; comm may hold spaces, so split after its closing parenthesis.
    const match = /^\d+ \((.*)\) (\S) (\d+)/.exec(stat);
    if (match && match[1] === 'ffmpeg' && match[2] !== 'Z' && Number(match[3]) === process.pid) found.push(Number(entry));
  }
  return found;
}
