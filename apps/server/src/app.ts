import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/env.ts';
import { type Database, openDatabase } from './db/client.ts';
import { experimentsPlugin } from './features/ab-tests/experiments-plugin.ts';
import { abTestRoutes } from './features/ab-tests/routes.ts';
import { accountRoutes, sendVerificationEmail } from './features/account/routes.ts';
import { activationRoutes } from './features/activations/routes.ts';
import { performanceRoutes } from './features/analytics/performance-routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimitOptions } from './features/auth/attempt-limits.ts';
import { authPlugin } from './features/auth/auth-plugin.ts';
import { authRoutes } from './features/auth/routes.ts';
import { billingPlugin, billingRoutes } from './features/billing/billing-plugin.ts';
import type { PaymentProvider } from './features/billing/payments/payment-provider.ts';
import { campaignRoutes } from './features/campaigns/routes.ts';
import { conversionRoutes } from './features/conversions/routes.ts';
import { emailPlugin, outboxRoutes } from './features/email/email-plugin.ts';
import { healthRoutes } from './features/health/routes.ts';
import { type ListenerPluginOptions, listenerPlugin } from './features/listener/listener-plugin.ts';
import { listenerRoutes } from './features/listener/routes.ts';
import { mediaPlugin, mediaRouteSet } from './features/media/media-plugin.ts';
import { apiKeyRoutes } from './features/public-api/api-key-routes.ts';
import { DEFAULT_V1_RATE_LIMIT, type V1ResponseCheck, v1Routes } from './features/public-api/v1-routes.ts';
import { DEFAULT_RETRY_DELAYS_MS } from './features/public-api/webhook-dispatcher.ts';
import { webhookRoutes } from './features/public-api/webhook-routes.ts';
import { webhooksPlugin } from './features/public-api/webhooks-plugin.ts';
import { type Broadcaster, InProcessBroadcaster } from './features/realtime/broadcaster.ts';
import { realtimePlugin } from './features/realtime/plugin.ts';
import { PostgresBroadcaster } from './features/realtime/postgres-broadcaster.ts';
import { simulateRoutes } from './features/realtime/simulate-routes.ts';
import { sdkRoutes } from './features/sdk/sdk-routes.ts';
import { segmentRoutes } from './features/segments/routes.ts';
import { invitationRoutes, teamRoutes } from './features/teams/routes.ts';
import { triggerRoutes } from './features/triggers/routes.ts';
import { triggersPlugin } from './features/triggers/triggers-plugin.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { loggerOptions, RequestLogAtDebug } from './plugins/logging.ts';
import { mediaStorePlugin } from './plugins/media-store.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { routeCataloguePlugin } from './plugins/route-catalogue.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';

export interface BuildAppOptions {
  config: AppConfig;
  /** An already-open database (tests). Without it the app opens one from the config and owns it. */
  database?: Database;
  logger?: boolean;
  /** Sign-in backoff and sign-up limits (tests tighten or loosen them). */
  signInLimits?: Partial<SignInLimitOptions>;
  signUpLimit?: { max: number; windowMs: number };
  sessionPurgeMs?: number;
  /** Real-time fan-out; by default chosen from the config. */
  broadcaster?: Broadcaster;
  /** Detections per device a minute: anonymous listeners and signed-in apps (the simulator). */
  detectionLimits?: { anonymousPerMinute: number; signedInPerMinute: number };
  /** Listener protocol tuning (tests and the ingest benchmark). */
  listener?: ListenerPluginOptions;
  /** /api/v1 requests per key (tests lower it). */
  apiRateLimit?: { max: number; timeWindow: number };
  /** Checks every /api/v1 answer against the OpenAPI document (the test app always sets it). */
  v1ResponseCheck?: V1ResponseCheck;
  /** The card provider; by default chosen from the config (tests give Stripe a fetch double). */
  paymentProvider?: PaymentProvider;
  /** Webhook retries and per-attempt timeout (tests shorten them). */
  webhookDelivery?: { retryDelaysMs?: readonly number[]; timeoutMs?: number };
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, config.nodeEnv),
    logController: new RequestLogAtDebug(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? {
            kind: 'postgres',
            url: config.databaseUrl,
            onConnectionError: (error) =>
              app.log.warn({ err: error }, 'database connection lost; the pool reconnects on the next query'),
          }
        : { kind: 'embedded', dataDir: config.dataDir, log: (message) => app.log.info(message) },
    ));

  // A DELETE (or any bodyless call) sent with a JSON content type and no body is not bad JSON:
  // treat the empty body as absent, and let each route's schema say what it needs.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });

  // Fixed order: errors first so every later plugin's failures go through one handler; the route
  // catalogue before any route so it sees them all.
  await app.register(errorHandlerPlugin);
  await app.register(routeCataloguePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(originCheckPlugin, { trustedOrigins: config.trustedOrigins });
  await app.register(inputGuardPlugin);
  await app.register(compressionPlugin);
  await app.register(databasePlugin, { database, closeOnShutdown: !options.database });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  // Reused sign-ins only where this process is the sole writer: several instances share one
  // database exactly when real-time goes through PostgreSQL (docs/decisions/request-path.md).
  await app.register(authPlugin, { sessionCacheMs: config.realtimeBroadcaster === 'postgres' ? 0 : 2000 });
  await app.register(emailPlugin, { config: config.email, dataDir: config.dataDir });
  await app.register(billingPlugin, { config: config.payments, provider: options.paymentProvider });
  await app.register(webhooksPlugin, {
    allowPrivate: config.media.allowPrivateUrls,
    retryDelaysMs: options.webhookDelivery?.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    timeoutMs: options.webhookDelivery?.timeoutMs ?? 10_000,
    soleProcess: database.driver === 'embedded',
  });
  // Each plugin names what it needs (fastify-plugin dependencies): the store first, the triggers'
  // tones on it, then media, which embeds those tones.
  await app.register(mediaStorePlugin, { dataDir: config.dataDir });
  await app.register(triggersPlugin);
  await app.register(mediaPlugin, {
    config: config.media,
    dataDir: config.dataDir,
    soleProcess: database.driver === 'embedded',
  });
  await app.register(listenerPlugin, {
    ...options.listener,
    guardLimits: {
      ...options.listener?.guardLimits,
      ...(options.detectionLimits ? { devicePerMinute: options.detectionLimits.anonymousPerMinute } : {}),
    },
  });
  await app.register(realtimePlugin, {
    broadcaster:
      options.broadcaster ??
      (config.realtimeBroadcaster === 'postgres' && config.databaseUrl
        ? await PostgresBroadcaster.connect(config.databaseUrl, (error) =>
            app.log.warn({ err: error }, 'real-time LISTEN connection lost; reconnecting'),
          )
        : new InProcessBroadcaster()),
    signedInDetectionsPerMinute: options.detectionLimits?.signedInPerMinute ?? 300,
  });
  await app.register(experimentsPlugin, { appUrl: config.email.appUrl });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    sessionTtlDays: config.sessionTtlDays,
    cookieSecure: config.cookieSecure,
    signInLimits: { ...DEFAULT_SIGN_IN_LIMITS, ...options.signInLimits },
    signUpLimit: options.signUpLimit ?? { max: 10, windowMs: 3_600_000 },
    sessionPurgeMs: options.sessionPurgeMs ?? 3_600_000,
    sendVerificationEmail,
  });
  await app.register(accountRoutes, { prefix: '/api/account', sessionTtlDays: config.sessionTtlDays });
  await app.register(outboxRoutes, { prefix: '/api/admin/outbox' });
  await app.register(triggerRoutes, { prefix: '/api/triggers' });
  await app.register(campaignRoutes, { prefix: '/api/campaigns' });
  await app.register(teamRoutes, { prefix: '/api/teams' });
  await app.register(invitationRoutes, { prefix: '/api/invitations' });
  await app.register(billingRoutes);
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  // A/B tests, audience segments and conversions (issue 13, docs/decisions/ab-tests.md).
  await app.register(performanceRoutes, { prefix: '/api/analytics' });
  await app.register(abTestRoutes, { prefix: '/api/ab-tests' });
  await app.register(segmentRoutes, { prefix: '/api/segments' });
  await app.register(conversionRoutes, { prefix: '/api/conversions' });
  await app.register(activationRoutes, { prefix: '/api/activations' });
  await app.register(simulateRoutes, { prefix: '/api/simulate-trigger' });
  await app.register(listenerRoutes, { prefix: '/api/listener' });
  await app.register(mediaRouteSet);
  await app.register(apiKeyRoutes, { prefix: '/api/api-keys' });
  await app.register(webhookRoutes, {
    prefix: '/api/webhooks',
    allowPrivateWebhookUrls: config.media.allowPrivateUrls,
  });
  await app.register(v1Routes, {
    prefix: '/api/v1',
    rateLimit: options.apiRateLimit ?? DEFAULT_V1_RATE_LIMIT,
    allowPrivateWebhookUrls: config.media.allowPrivateUrls,
    responseCheck: options.v1ResponseCheck,
  });

  await app.register(sdkRoutes, {});

  await app.register(spaPlugin, { root: config.webDistDir ?? defaultWebDist });
  return app;
}
