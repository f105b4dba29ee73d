import { AppError } from '../../plugins/app-error.ts';

type Step = () => Promise<unknown>;

/** A 4xx: the request was refused, so nothing it made may stay (house rule: no orphan files). */
export function isRefusal(error: unknown): boolean {
  return error instanceof AppError && error.statusCode < 500;
}

/**
 * What one media request must undo, collected as it goes instead of by nested try/finally in
 * every step: `always` steps run at the end whatever happened (temporary files, local copies),
 * `ifRefused` steps only when the request ends in a 4xx (rows and stored files it created).
 * After a 5xx the rows stay, marked error by their job, so the user sees what failed.
 */
export class CleanupScope {
  private readonly steps: { step: Step; onlyIfRefused: boolean }[] = [];

  always(step: Step): void {
    this.steps.push({ step, onlyIfRefused: false });
  }

  ifRefused(step: Step): void {
    this.steps.push({ step, onlyIfRefused: true });
  }

  /** Undoes in reverse order of creation; a failing step does not stop the others. */
  async close(refused: boolean): Promise<void> {
    for (const { step, onlyIfRefused } of this.steps.reverse()) {
      if (refused || !onlyIfRefused) await step().catch(() => {});
    }
  }
}

/** Runs one request's work in a fresh scope and closes it however the work ends. */
export async function withCleanup<T>(work: (scope: CleanupScope) => Promise<T>): Promise<T> {
  const scope = new CleanupScope();
  try {
    const result = await work(scope);
    await scope.close(false);
    return result;
  } catch (error) {
    await scope.close(isRefusal(error));
    throw error;
  }
}
