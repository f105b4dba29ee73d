// Prints the gzipped JavaScript each kind of visitor downloads: the entry, plus the route's own
// chunk and everything those import statically (what the browser fetches before the screen
// shows). Run after `vite build` (which writes .vite/manifest.json); `npm run build` does both.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** Visitors and the route modules their first screen loads (SPEC §2 routes). */
export const VISITS = {
  'listener (/listener)': ['src/app/routes/listener.tsx'],
  'landing (/)': ['src/app/routes/landing.tsx'],
  'dashboard signed in (/admin)': ['src/app/routes/admin/root.tsx', 'src/app/routes/admin/dashboard.tsx'],
  'analytics signed in (/admin/analytics)': [
    'src/app/routes/admin/root.tsx',
    'src/app/routes/admin/analytics.tsx',
  ],
};
export const BUDGETS_KB = { 'listener (/listener)': 120, 'dashboard signed in (/admin)': 250 };

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

const rows = [];
for (const [visit, modules] of Object.entries(VISITS)) {
  const files = [...closure([entry, ...modules])].map((key) => manifest[key].file);
  const kb = files.reduce((sum, file) => sum + gzipKb(file), 0);
  const budget = BUDGETS_KB[visit];
  rows.push(
    `${visit.padEnd(40)} ${kb.toFixed(1).padStart(6)} kB gzipped JS in ${String(files.length).padStart(2)} files${budget ? `  (budget ${budget} kB: ${kb <= budget ? 'within' : 'OVER'})` : ''}`,
  );
}
console.log(`\nJavaScript weights\n${rows.join('\n')}`);
