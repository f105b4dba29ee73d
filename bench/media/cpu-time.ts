import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * CPU seconds used so far by this process and by its children that have exited and been reaped
 * (ffmpeg, ffprobe), from /proc/self/stat. On a busy shared machine this is a steadier measure
 * of the work done than wall-clock time.
 */
export function cpuSeconds(): { self: number; children: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  // After the command: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
  const at = (i: number) => fields[i] ?? 0;
  return { self: (at(11) + at(12)) / TICKS_PER_SECOND, children: (at(13) + at(14)) / TICKS_PER_SECOND };
}
