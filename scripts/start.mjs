// npm start: builds the SDK and the web app only when it is missing or older than what it is built from,
// then runs the server in this process's place (signals and exit code pass through).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the web build is made from: its sources, the packages it bundles, and the lock file. */
export const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/audio/src',
  'packages/sdk/src',
  'packages/sdk/scripts',
  'packages/sdk/example',
  'packages/sdk/package.json',
  'docs/CDN_Integration_Design.md',
  'package-lock.json',
];
const BUILD_STAMP = 'apps/web/dist/.vite/manifest.json';
/** `npm run build` also builds the SDK the server serves at /sdk/tonemark.js. */
const SDK_BUILD = 'packages/sdk/dist/tonemark.js';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why a build is needed, or undefined when the one on disk is newer than every input. */
export function staleReason(base = root) {
  const stamp = path.join(base, BUILD_STAMP);
  if (!existsSync(stamp)) return 'no build yet';
  if (!existsSync(path.join(base, SDK_BUILD))) return 'no SDK build yet';
  const built = statSync(stamp).mtimeMs;
  const changed = BUILD_INPUTS.find((input) => newestMtime(path.join(base, input)) > built);
  return changed ? `${changed} changed since the last build` : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reason = staleReason();
  if (reason) {
    console.log(`Building the web app (${reason})…`);
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  } else {
    console.log('Web app build is up to date.');
  }
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
