import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The feature-boundary rule lives in biome.json (overrides for apps/web/src/features). These tests
// write real files into the tree, because Biome chooses its overrides by the file's path, and run
// the project's own Biome on them, so a rule that stopped matching fails here.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const tag = `boundary-probe-${process.pid}-${Date.now()}`;

const probes = {
  aliasIntoInternals: {
    path: `apps/web/src/features/rewards/lib/${tag}-alias.ts`,
    source:
      "import { useTriggers } from '@/features/triggers/api/get-triggers';\nexport const probe = useTriggers;\n",
  },
  relativeIntoInternals: {
    path: `apps/web/src/features/rewards/lib/${tag}-relative.ts`,
    source:
      "import { useTriggers } from '../../triggers/api/get-triggers';\nexport const probe = useTriggers;\n",
  },
  featureRootReachingOut: {
    path: `apps/web/src/features/rewards/${tag}-root.ts`,
    source: "export { useTriggers } from '../triggers';\n",
  },
  throughPublicSurface: {
    path: `apps/web/src/features/rewards/lib/${tag}-public.ts`,
    source: [
      "import { cn } from '@/lib/cn';",
      "import { useTriggers } from '@/features/triggers';",
      "import { addReward } from './reward-store';",
      'export const probe = [cn, useTriggers, addReward];',
      '',
    ].join('\n'),
  },
  appLayerComposingFeatures: {
    path: `apps/web/src/app/routes/${tag}-app.ts`,
    source:
      "import { useTriggers } from '@/features/triggers/api/get-triggers';\nexport const probe = useTriggers;\n",
  },
} as const;

type ProbeName = keyof typeof probes;
interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

let diagnostics: Diagnostic[] = [];

function diagnosticsOf(name: ProbeName): Diagnostic[] {
  return diagnostics.filter((d) => d.location.path === probes[name].path);
}

beforeAll(() => {
  for (const probe of Object.values(probes)) writeFileSync(repoRoot + probe.path, probe.source);
  try {
    const run = spawnSync(
      'node_modules/.bin/biome',
      ['lint', '--reporter=json', ...Object.values(probes).map((p) => p.path)],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
    diagnostics = report.diagnostics;
  } finally {
    for (const probe of Object.values(probes)) rmSync(repoRoot + probe.path, { force: true });
  }
}, 60_000);

afterAll(() => {
  for (const probe of Object.values(probes)) rmSync(repoRoot + probe.path, { force: true });
});

describe('feature boundaries (biome noRestrictedImports)', () => {
  it.each(['aliasIntoInternals', 'relativeIntoInternals', 'featureRootReachingOut'] as const)(
    'fails a cross-feature import of internals: %s',
    (name) => {
      const found = diagnosticsOf(name);
      expect(found).toHaveLength(1);
      expect(found[0]?.category).toBe('lint/style/noRestrictedImports');
      expect(found[0]?.message).toContain('Feature boundary');
    },
  );

  it("passes an import through another feature's public surface, its own files and shared lib", () => {
    expect(diagnosticsOf('throughPublicSurface')).toEqual([]);
  });

  it('lets the app layer (routes) compose features from their files', () => {
    expect(diagnosticsOf('appLayerComposingFeatures')).toEqual([]);
  });
});
