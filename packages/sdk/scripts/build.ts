import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { apiTypesSource } from './api-types-source.ts';

// Builds @tonemark/sdk: the generated contract types, the detector worklet (inlined as text),
// dist/index.js (ESM) with its .d.ts files, and dist/tonemark.js for a plain script tag
// (window.Tonemark), and the npm tarball in pack/. The server serves them under /sdk/.

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string) => `${root}${path}`;

const require = createRequire(import.meta.url);
const typesFile = at('src/generated/api-types.ts');
writeFileSync(typesFile, apiTypesSource());
execFileSync(
  process.execPath,
  [require.resolve('@biomejs/biome/bin/biome'), 'format', '--write', typesFile],
  {
    stdio: 'ignore',
  },
);

const worklet = await build({
  entryPoints: [at('src/listener/detector-worklet.ts')],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  write: false,
  logLevel: 'warning',
});
const workletSource = worklet.outputFiles[0]?.text;
if (!workletSource) throw new Error('the worklet build produced nothing');

rmSync(at('dist'), { recursive: true, force: true });
mkdirSync(at('dist'), { recursive: true });
const common = {
  entryPoints: [at('src/index.ts')],
  bundle: true,
  platform: 'neutral' as const,
  target: 'es2022',
  define: { __TONEMARK_WORKLET_SOURCE__: JSON.stringify(workletSource) },
  logLevel: 'warning' as const,
  legalComments: 'none' as const,
};
await build({ ...common, format: 'esm', outfile: at('dist/index.js') });
await build({
  ...common,
  format: 'iife',
  globalName: 'Tonemark',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  outfile: at('dist/tonemark.js'),
});

const tsc = require.resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', at('tsconfig.build.json')], { stdio: 'inherit' });
// The tarball the server offers for `npm install <server>/sdk/tonemark-sdk-<version>.tgz`.
rmSync(at('pack'), { recursive: true, force: true });
mkdirSync(at('pack'));
execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', at('pack')], {
  cwd: root,
  stdio: 'ignore',
});
console.log('built @tonemark/sdk: dist/index.js, dist/index.d.ts, dist/tonemark.js, pack/*.tgz');
