import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

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

const apiServer = process.env.TONEMARK_API_URL ?? 'http://localhost:5000';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiServer, changeOrigin: true },
  '/ws': { target: apiServer, changeOrigin: true, ws: true },
  // Stored media and trigger tones are served by the API server too.
  '^/media/': { target: apiServer, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), cdnDoc],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
