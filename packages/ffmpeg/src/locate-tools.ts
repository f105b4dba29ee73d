import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { MediaError } from './media-error.ts';

export type FfTool = 'ffmpeg' | 'ffprobe';

export interface ToolLocation {
  path: string;
  source: 'env' | 'system' | 'npm';
}

const ENV_OVERRIDE: Record<FfTool, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };
// The npm packages ship a static ffmpeg 4.1 so nothing has to be apt-installed; the system's is
// preferred because it is newer and built with the distribution's codecs.
const NPM_PACKAGE: Record<FfTool, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

const cache = new Map<FfTool, ToolLocation>();

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function findOnPath(name: string, pathVar: string | undefined): string | undefined {
  for (const dir of (pathVar ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

function findInNpmPackage(tool: FfTool): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    // The installer packages throw (a string, not an Error) on unsupported platforms.
    const pkg: unknown = require(NPM_PACKAGE[tool]);
    if (typeof pkg === 'object' && pkg !== null && 'path' in pkg && typeof pkg.path === 'string') {
      return isExecutableFile(pkg.path) ? pkg.path : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * Finds ffmpeg or ffprobe: an explicit FFMPEG_PATH / FFPROBE_PATH wins, then the one on PATH,
 * then the binary shipped by the npm installer package. The answer is cached per process.
 */
export function locateTool(tool: FfTool, env: NodeJS.ProcessEnv = process.env): ToolLocation {
  const cached = cache.get(tool);
  if (cached !== undefined && env === process.env) return cached;

  const override = env[ENV_OVERRIDE[tool]];
  let found: ToolLocation | undefined;
  if (override !== undefined && override !== '') {
    if (!isExecutableFile(override)) {
      throw new MediaError('tool-missing', `${ENV_OVERRIDE[tool]}=${override} is not an executable file`);
    }
    found = { path: override, source: 'env' };
  } else {
    const system = findOnPath(tool, env.PATH);
    const npm = system === undefined ? findInNpmPackage(tool) : undefined;
    if (system !== undefined) found = { path: system, source: 'system' };
    else if (npm !== undefined) found = { path: npm, source: 'npm' };
  }
  if (found === undefined) {
    throw new MediaError(
      'tool-missing',
      `${tool} not found: install it, set ${ENV_OVERRIDE[tool]}, or run npm install to get ${NPM_PACKAGE[tool]}`,
    );
  }
  if (env === process.env) cache.set(tool, found);
  return found;
}
