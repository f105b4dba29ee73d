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
  // Browser origins besides the server's own allowed to make state-changing calls and open /ws.
  TRUSTED_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'must be origins like https://app.example.com')))
    .optional(),
  // Media pipeline (docs/decisions/media-pipeline.md).
  ALLOW_PRIVATE_MEDIA_URLS: booleanFlag.default('false'),
  MEDIA_MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(2048).default(100),
  MEDIA_FETCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  MEDIA_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  MEDIA_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(1800),
  // Payments (docs/decisions/commerce-payments.md): Stripe when both keys are set, else the sandbox.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_..., sk_live_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook secret (whsec_...)')
    .optional(),
  PAYMENTS_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // E-mail (docs/decisions/email.md): SMTP when set, else the outbox under DATA_DIR.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s/]+/, 'must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Tonemark <no-reply@tonemark.local>'),
  APP_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+$/, 'must be the site origin, e.g. https://tonemark.example.com (no path)')
    .optional(),
});

type Env = z.output<typeof envSchema>;

/**
 * What the app reads, derived from toAppConfig below (itself typed by envSchema), so a variable
 * added or changed in the schema reaches every reader with no hand-kept interface to update.
 */
export type AppConfig = ReturnType<typeof toAppConfig>;
export type MediaConfig = AppConfig['media'];
export type PaymentsConfig = AppConfig['payments'];
export type EmailConfig = AppConfig['email'];

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
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Invalid environment: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together',
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    // Without it no payment could ever update a plan: refuse to start rather than take money silently.
    throw new ConfigError('Invalid environment: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  }
  if (e.REALTIME_BROADCASTER === 'postgres' && !e.DATABASE_URL) {
    throw new ConfigError('Invalid environment: REALTIME_BROADCASTER: postgres needs DATABASE_URL');
  }
  return toAppConfig(e);
}

function toAppConfig(e: Env) {
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    /** undefined: decided per request from the protocol (Secure behind HTTPS). */
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    /** postgres: fan-out through LISTEN/NOTIFY so several instances share one channel. */
    realtimeBroadcaster: e.REALTIME_BROADCASTER,
    /** Other origins allowed to call the API from a browser (the Vite dev server in development). */
    trustedOrigins:
      e.TRUSTED_ORIGINS ??
      (e.NODE_ENV === 'development' ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : []),
    media: {
      /** Lets URL import reach private, loopback and link-local addresses (local testing only). */
      allowPrivateUrls: e.ALLOW_PRIVATE_MEDIA_URLS,
      /** Uploads and imports above this many bytes are refused with 413. */
      maxUploadBytes: e.MEDIA_MAX_UPLOAD_MB * 1024 * 1024,
      /** Whole-download deadline for URL import, redirects included. */
      fetchTimeoutMs: e.MEDIA_FETCH_TIMEOUT_SECONDS * 1000,
      /** ffmpeg jobs run at once; the rest wait in the queue. */
      jobConcurrency: e.MEDIA_JOB_CONCURRENCY,
      /** A job running longer is killed and marked error. */
      jobTimeoutMs: e.MEDIA_JOB_TIMEOUT_SECONDS * 1000,
    },
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            provider: 'stripe' as const,
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : { provider: 'sandbox' as const, signingSecret: e.PAYMENTS_SIGNING_SECRET },
    email: {
      /** undefined: messages go to DATA_DIR/outbox. */
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      /** The origin links in e-mail point at; never the request's Host header (a forged one would
       * send reset links to another site). */
      appUrl: e.APP_URL ?? `http://localhost:${e.PORT}`,
    },
  };
}
