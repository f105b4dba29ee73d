import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiTypesSource } from './api-types-source.ts';

export const API_TYPES_FILE = fileURLToPath(new URL('../src/generated/api-types.ts', import.meta.url));

writeFileSync(API_TYPES_FILE, apiTypesSource());
