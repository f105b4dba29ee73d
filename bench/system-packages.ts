import { spawnSync } from 'node:child_process';

function isInstalled(pkg: string): boolean {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a dpkg-query format, not a JS template
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

export function installedFiles(pkg: string): string[] {
  const result = spawnSync('dpkg', ['-L', pkg], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`dpkg -L ${pkg} failed: ${result.stderr.trim()}`);
  return result.stdout.split('\n').filter((line) => line !== '');
}

function aptInstall(pkgs: readonly string[]): boolean {
  const result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...pkgs], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/**
 * Installs the corpus packages when missing: as root through apt-get (updating the package lists
 * once if the first attempt fails), otherwise with a message saying what to run.
 */
export function ensurePackages(pkgs: readonly string[], log: (line: string) => void): void {
  const missing = pkgs.filter((p) => !isInstalled(p));
  if (missing.length === 0) return;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!hasApt || !isRoot) {
    throw new Error(
      `the benchmark corpus needs these Debian packages: ${missing.join(' ')}; install them with ` +
        `sudo apt-get install -y ${missing.join(' ')} (${hasApt ? 'not running as root' : 'apt-get not found'})`,
    );
  }
  log(`installing corpus packages: ${missing.join(' ')}`);
  if (aptInstall(missing)) return;
  log('apt-get install failed; updating package lists and retrying');
  spawnSync('apt-get', ['update'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (!aptInstall(missing)) throw new Error(`apt-get install ${missing.join(' ')} failed`);
}
