import { describe, expect, it } from 'vitest';
import { usageOf } from './cli-help.ts';

describe('usageOf', () => {
  it('gives the first doc comment without its marks', () => {
    const source =
      "#!/usr/bin/env node\n/**\n * npx tsx x.ts --a N\n *\n * What it does.\n */\nimport 'y';\n/** later */\n";
    expect(usageOf(source)).toBe('npx tsx x.ts --a N\n\nWhat it does.\n');
  });

  it('gives nothing when there is no doc comment', () => {
    expect(usageOf('const a = 1;\n')).toBe('');
  });
});
