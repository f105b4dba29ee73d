import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type Rollup } from 'vite';

// SPEC §2.14 links /docs/CDN_Integration_Design.md; the repo's doc is copied into the build at that
// path so the server serves it as a file (one source, no copy to keep in sync).
const cdnDoc: Plugin = {
  name: 'tonemark-cdn-doc',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'docs/CDN_Integration_Design.md',
      source: readFileSync(new URL('../../docs/CDN_Integration_Design.md', import.meta.url)),
    });
  },
};

// Brotli and gzip siblings of every compressible output, made once at build time at the highest
// levels; the server picks the one the client accepts (preCompressed) instead of compressing
// per request.
const precompress: Plugin = {
  name: 'tonemark-precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|mjs|css|html|svg|json|md|txt)$/.test(fileName)) continue;
      const file = path.join(dir, fileName);
      const source = readFileSync(file);
      if (source.length < 1024) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    }
  },
};

// The files the offline listener may need (public/sw.js precaches them): the listener route's
// chunk and everything it loads, statically or lazily, plus what the entry loads lazily outside
// the routes (the toaster). Without it a chunk first needed offline (on the first detection)
// cannot load and the page goes blank.
const listenerAssets: Plugin = {
  name: 'tonemark-listener-assets',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = new Map<string, Rollup.OutputChunk>();
    for (const output of Object.values(bundle))
      if (output.type === 'chunk') chunks.set(output.fileName, output);
    // The full app (router, other screens) is not needed offline: /listener opened directly runs
    // its own app (main.tsx, docs/decisions/listener-entry.md).
    const isRoute = (fileName: string) => {
      const id = chunks.get(fileName)?.facadeModuleId;
      return Boolean(id?.includes('/src/app/routes/') || id?.endsWith('/src/app/index.tsx'));
    };
    const wanted = new Set<string>();
    // Another route's chunk is never followed: the admin area stays online-only.
    const visit = (fileName: string, isListener = false) => {
      const chunk = chunks.get(fileName);
      if (!chunk || wanted.has(fileName) || (isRoute(fileName) && !isListener)) return;
      wanted.add(fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) wanted.add(css);
      for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
    };
    for (const chunk of chunks.values()) {
      if (chunk.isEntry) visit(chunk.fileName);
      if (chunk.facadeModuleId?.endsWith('/src/app/routes/listener.tsx')) visit(chunk.fileName, true);
    }
    this.emitFile({
      type: 'asset',
      fileName: 'listener-assets.json',
      source: JSON.stringify([...wanted].sort().map((fileName) => `/${fileName}`)),
    });
  },
};

const apiServer = process.env.TONEMARK_API_URL ?? 'http://localhost:5000';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiServer, changeOrigin: true },
  '/ws': { target: apiServer, changeOrigin: true, ws: true },
  // Stored media and trigger tones are served by the API server too.
  '^/media/': { target: apiServer, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), cdnDoc, listenerAssets, precompress],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/bundle-weights.mjs, which prints what each visitor downloads.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // zod schema builders have no side effects: a page that imports a constant from a contracts
      // module then does not keep that module's unused schemas, nor zod with them
      // (docs/decisions/listener-entry.md).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
