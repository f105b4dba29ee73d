#!/usr/bin/env node
// The workspace packages are consumed as TypeScript source (no build step), so the launcher
// registers tsx's loader and runs src/main.ts directly.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
// exitCode, not process.exit(): let piped stdout (e.g. --json) flush before the process ends.
process.exitCode = await main(process.argv.slice(2));
