import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { type FfTool, locateTool } from './locate-tools.ts';

// ffmpeg can be chatty even at -loglevel error (one line per bad packet); keep only the tail.
const STDERR_LIMIT = 16 * 1024;

export type ToolProcess = ChildProcessByStdio<Writable, Readable, Readable>;

export interface RunningTool {
  child: ToolProcess;
  /** Resolves with the exit code once the process has exited and its stderr is drained. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  /** Kills the tool at once (its whole process group: the tool and its watchdog). */
  kill(): void;
}

/**
 * The watchdog every tool runs under (POSIX sh, no shell parsing of the arguments: they arrive
 * as "$@"). fd 3 is a pipe whose other end only this Node process holds; it is never written,
 * so `read` returns only when that end closes, which the kernel does when Node exits for any
 * reason, kill -9 included. The tool is then killed, so it cannot outlive the server and keep
 * writing into a temporary folder a restarted server has swept. stdin reaches the tool through
 * fd 4 because a background job's stdin is /dev/null in a non-interactive shell.
 */
export const WATCHDOG_SCRIPT = [
  'exec 4<&0',
  '"$@" <&4 4<&- 3<&- &',
  'tool=$!',
  'exec 4<&- 0</dev/null',
  '( read -r _ <&3; kill -KILL "$tool" 2>/dev/null ) >/dev/null 2>&1 &',
  'watch=$!',
  'exec 3<&-',
  'wait "$tool"',
  'code=$?',
  'kill -KILL "$watch" 2>/dev/null',
  'exit "$code"',
].join('\n');

const useWatchdog = process.platform !== 'win32';

/**
 * Starts ffmpeg/ffprobe with an argument array (never through a shell's parser), collecting
 * stderr. On POSIX systems the tool runs under WATCHDOG_SCRIPT in its own process group, so
 * `kill()` ends both and the tool dies with this process.
 */
export function startTool(tool: FfTool, args: readonly string[]): RunningTool {
  const binary = locateTool(tool).path;
  const child = (
    useWatchdog
      ? spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT, `tonemark-${tool}`, binary, ...args], {
          stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
          detached: true,
        })
      : spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] })
  ) as ToolProcess;
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_LIMIT);
  });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code, signal, stderr }));
    },
  );
  // A consumer that ends early closes the pipes; EPIPE on stdin is expected then, not fatal.
  child.stdin.on('error', () => {});
  const kill = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      if (useWatchdog && child.pid) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // already gone
    }
  };
  return { child, done, kill };
}

/** The most useful line of ffmpeg's stderr for a one-line error message. */
export function lastErrorLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('Conversion failed'));
  return lines.at(-1) ?? 'unknown error';
}

/** Runs a tool to completion, returning stdout as text. */
export async function runToolForText(
  tool: FfTool,
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { child, done } = startTool(tool, args);
  child.stdin.end();
  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    stdout += text;
  });
  const { code, stderr } = await done;
  return { code, stdout, stderr };
}
