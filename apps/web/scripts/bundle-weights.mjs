// Prints the gzipped JavaScript each kind of visitor downloads: the entry, plus the route's own
// chunk and everything those import statically (what the browser fetches before the screen
// shows), and fails (exit 1) when a budget is exceeded. Run after `vite build` (which writes
// .vite/manifest.json); `npm run build` does both, and e2e/bundle-weights.e2e.ts checks the same.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Visitors and the modules their first screen loads (SPEC §2 routes; main.tsx picks the app). */
export const VISITS = {
  'listener (/listener)': ['src/app/listener-app.tsx'],
  'landing (/)': ['src/app/index.tsx', 'src/app/routes/landing.tsx'],
  'dashboard signed in (/admin)': [
    'src/app/index.tsx',
    'src/app/routes/admin/root.tsx',
    'src/app/routes/admin/dashboard.tsx',
  ],
  'analytics signed in (/admin/analytics)': [
    'src/app/index.tsx',
    'src/app/routes/admin/root.tsx',
    'src/app/routes/admin/analytics.tsx',
  ],
};
export const BUDGETS_KB = { 'listener (/listener)': 120, 'dashboard signed in (/admin)': 250 };
/** Shown, not budgeted: the listener with what it loads later (contracts, detector, notices). */
const LISTENER_LATER = 'listener, after Start (lazy parts too)';

/** @returns {{ visit: string, kb: number, files: number, budget: number | undefined }[]} */
export function measureWeights(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const closure = (keys, { lazy = false } = {}) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
      // Lazily: everything the listener app may load, but not the full app the entry can pick instead.
      if (lazy) for (const next of manifest[key].dynamicImports ?? []) if (key !== entry) visit(next);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
  const weigh = (visit, keys) => {
    const files = [...keys].map((key) => manifest[key].file);
    const kb = files.reduce((sum, file) => sum + gzipKb(file), 0);
    return { visit, kb, files: files.length, budget: BUDGETS_KB[visit] };
  };
  const rows = Object.entries(VISITS).map(([visit, modules]) => weigh(visit, closure([entry, ...modules])));
  rows.splice(
    1,
    0,
    weigh(LISTENER_LATER, closure([entry, ...VISITS['listener (/listener)']], { lazy: true })),
  );
  return rows;
}

export function formatWeights(rows) {
  const lines = rows.map(
    ({ visit, kb, files, budget }) =>
      `${visit.padEnd(40)} ${kb.toFixed(1).padStart(6)} kB gzipped JS in ${String(files).padStart(2)} files${budget ? `  (budget ${budget} kB: ${kb <= budget ? 'within' : 'OVER'})` : ''}`,
  );
  return `\nJavaScript weights\n${lines.join('\n')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
  const rows = measureWeights(dist);
  console.log(formatWeights(rows));
  const over = rows.filter((row) => row.budget !== undefined && row.kb > row.budget);
  if (over.length > 0) {
    console.error(`Over budget: ${over.map((row) => row.visit).join(', ')}`);
    process.exit(1);
  }
}
