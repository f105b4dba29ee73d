import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

function statusBytes(pid: number | 'self', field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** VmHWM (peak resident set) of a process in bytes, from /proc; undefined once it has exited. */
export function peakRss(pid: number | 'self'): number | undefined {
  return statusBytes(pid, 'VmHWM');
}

/** VmRSS: what is resident right now. */
export function currentRss(): number {
  return statusBytes('self', 'VmRSS') ?? 0;
}

/** Starts a new peak for this process (Linux: writing 5 to clear_refs resets VmHWM). */
export function resetOwnPeak(): void {
  writeFileSync('/proc/self/clear_refs', '5');
}

function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) children.push(Number(name));
    } catch {
      // the process exited while we looked
    }
  }
  return children;
}

/**
 * Samples the peak RSS of this process's children (ffmpeg, ffprobe) every few milliseconds while
 * `work` runs. Returns the largest child peak seen; children run one after another here, so the
 * largest is also what was ever resident at once.
 */
export async function withChildPeak<T>(work: () => Promise<T>): Promise<{ result: T; childPeak: number }> {
  const peaks = new Map<number, number>();
  const sample = () => {
    for (const pid of childrenOf(process.pid)) {
      const peak = peakRss(pid);
      if (peak !== undefined) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, peak));
    }
  };
  // 100 ms: a full /proc scan is not free (every 20 ms it cost 15 % of a core); peaks are monotonic.
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    return { result, childPeak: Math.max(0, ...peaks.values()) };
  } finally {
    clearInterval(timer);
  }
}
