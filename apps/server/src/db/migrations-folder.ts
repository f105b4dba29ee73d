import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** drizzle-kit's output: every database, embedded or not, is brought up to it at open. */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
