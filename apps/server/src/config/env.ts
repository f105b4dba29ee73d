import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  COOKIE_SECURE: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default('false'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  REALTIME_BROADCASTER: z.enum(['memory', 'postgres']).default('memory'),
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  sessionTtlDays: number;
  /** undefined: decided per request from the protocol (Secure behind HTTPS). */
  cookieSecure: boolean | undefined;
  trustProxy: boolean;
  webDistDir: string | undefined;
  /** postgres: fan-out through LISTEN/NOTIFY so several instances share one channel. */
  realtimeBroadcaster: 'memory' | 'postgres';
}

export class ConfigError extends Error {}

/** Reads the environment once; a bad value names the variable so start-up can stop with it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  if (e.REALTIME_BROADCASTER === 'postgres' && !e.DATABASE_URL) {
    throw new ConfigError('Invalid environment: REALTIME_BROADCASTER: postgres needs DATABASE_URL');
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    realtimeBroadcaster: e.REALTIME_BROADCASTER,
  };
}
