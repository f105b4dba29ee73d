import { readFileSync } from 'node:fs';
import { SDK_VERSION as SPEC_SDK_VERSION } from '@tonemark/shared';
import { describe, expect, it } from 'vitest';
import { apiTypesSource } from '../scripts/api-types-source.ts';
import { SDK_VERSION } from './version.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
/** Formatting aside (the build runs biome over the file): same tokens. */
const tokens = (source: string) => source.replace(/["']/g, "'").replace(/[\s;,]+/g, '');

describe('@tonemark/sdk package', () => {
  it('is version 1.0.0 everywhere (SPEC §9)', () => {
    const manifest = JSON.parse(read('../package.json')) as { version: string; private?: boolean };
    expect(manifest.version).toBe(SDK_VERSION);
    expect(SDK_VERSION).toBe(SPEC_SDK_VERSION);
    expect(manifest.private).toBeUndefined();
  });

  it('has types generated from the current contracts (run `npm run build -w @tonemark/sdk` if not)', () => {
    expect(tokens(read('./generated/api-types.ts'))).toBe(tokens(apiTypesSource()));
  });
});
