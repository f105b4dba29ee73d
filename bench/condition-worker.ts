/**
 * Child-process entry: one channel condition per process, so the parent can use both cores.
 * Reads the job as JSON from argv, prints the result rows as one JSON line on stdout; progress
 * goes to stderr.
 */
import { type ConditionJob, runCondition } from './run-condition.ts';

const jobText = process.argv[2];
if (jobText === undefined) {
  process.stderr.write('usage: condition-worker.ts JOB_JSON\n');
  process.exit(2);
}
// The parent holds our stdin open; when it dies (Ctrl-C, kill) the pipe closes and we stop too,
// instead of burning a core on a result nobody will read.
process.stdin.on('end', () => process.exit(1));
process.stdin.resume();
const results = await runCondition(JSON.parse(jobText) as ConditionJob, (line) =>
  process.stderr.write(`${line}\n`),
);
process.stdout.write(`${JSON.stringify(results)}\n`, () => process.exit(0));
