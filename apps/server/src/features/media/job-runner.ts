export interface JobRunnerOptions {
  concurrency: number;
  timeoutMs: number;
  /** How often running jobs refresh their rows' updatedAt. */
  heartbeatMs: number;
  /** Refreshes the running jobs' rows (the heartbeat other instances read). */
  touch: (mediaIds: number[]) => Promise<void>;
}

export class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`the job took longer than ${Math.round(ms / 1000)} s`);
    this.name = 'JobTimeoutError';
  }
}

/**
 * The in-process queue of DESIGN §2: the job itself is the mediaFiles row (status processing,
 * then ready or error); this only bounds how many ffmpeg processes run at once (two cores),
 * keeps the rows' heartbeat fresh and aborts a job that runs too long.
 */
export class JobRunner {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly active = new Set<number>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly controllers = new Set<AbortController>();

  constructor(private readonly options: JobRunnerOptions) {
    this.heartbeat = setInterval(() => {
      options.touch([...this.active]).catch(() => {});
    }, options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Runs `work` for the job row `mediaId` once a slot is free; `signal` fires on timeout or shutdown. */
  async run<T>(mediaId: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    this.active.add(mediaId);
    const controller = new AbortController();
    this.controllers.add(controller);
    const timer = setTimeout(
      () => controller.abort(new JobTimeoutError(this.options.timeoutMs)),
      this.options.timeoutMs,
    );
    try {
      return await work(controller.signal);
    } finally {
      clearTimeout(timer);
      this.controllers.delete(controller);
      this.active.delete(mediaId);
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** On shutdown: stop the heartbeat and abort running jobs (their ffmpeg children are killed). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const controller of this.controllers) controller.abort(new Error('server shutting down'));
  }
}
