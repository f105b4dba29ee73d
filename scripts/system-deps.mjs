// Installs the system programs the tests use (Debian's chromium, PostgreSQL, ffmpeg, and real
// recorded speech for the listener's fake microphone) when missing.
// Tests use real parts, never mocks; on a fresh machine this is the only set-up `npm test` needs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? `${root}/${versions[0]}/bin` : undefined;
}

export function ensureSystemDeps() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!postgresBinDir()) missing.push('postgresql');
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
