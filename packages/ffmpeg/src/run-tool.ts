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
}

/** Starts ffmpeg/ffprobe with an argument array (never through a shell), collecting stderr. */
export function startTool(tool: FfTool, args: readonly string[]): RunningTool {
  const child = spawn(locateTool(tool).path, args, { stdio: ['pipe', 'pipe', 'pipe'] });
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
  return { child, done };
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
