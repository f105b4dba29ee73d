/**
 * Whether a process with this pid exists on this machine. Signal 0 checks without sending;
 * EPERM means it exists but belongs to another user (still alive, so not ours to reclaim).
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
