import {
  AB_TEST_STATUSES,
  ACCOUNT_TOKEN_PURPOSES,
  BATTERY_IMPACT_LEVELS,
  BILLING_PERIODS,
  BROADCAST_MODES,
  CAMPAIGN_STATUSES,
  CONVERSION_KINDS,
  MEDIA_FILE_TYPES,
  MEDIA_STATUSES,
  PAYMENT_STATUSES,
  PLAN_TIERS,
  PRIORITY_LEVELS,
  SUBSCRIPTION_STATUSES,
  TRIGGER_ACTIONS,
  TRIGGER_SIGNALS,
  TRIGGER_STATUSES,
  TRIGGER_TYPES,
  USER_ROLES,
  USER_SUBSCRIPTION_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '@tonemark/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

// The tables of SPEC §3.4 that a feature uses, plus sessions for accounts (DESIGN §5) and the
// shape-B columns of soundTriggers (signal, durationMs, publicId) that DESIGN §3 stores on the
// same row. triggerWebhooks, notificationPreferences, userDevices and triggerTemplates had no
// reader or writer and were dropped (docs/decisions/unused-tables.md).

// Column groups that mean the same thing in every table are declared once and spread in (drizzle's
// reusable columns); a helper builds exactly the column a table used to spell out, so the SQL is
// unchanged.
const tz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => tz('created_at').notNull().defaultNow();
const updatedAt = () => tz('updated_at').notNull().defaultNow();
const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
const expiresAt = () => tz('expires_at').notNull();
/** The head of everything a creator names: id, name and an optional description. */
const named = () => ({
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
});
const schedule = () => ({ startDate: tz('start_date'), endDate: tz('end_date') });
const counter = (name: string) => integer(name).notNull().default(0);
/** A required reference to the row this one belongs to, deleted with it. */
const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });
/** Activations and the converted ones among them: what every rollup counts. */
const tallies = () => ({ activations: counter('activations'), converted: counter('converted') });

// Database enums built from the contracts' value lists (docs/decisions/typed-enum-columns.md): the
// database refuses any other value from any writer, and drizzle types the columns from them.
export const userRole = pgEnum('user_role', USER_ROLES);
export const triggerType = pgEnum('trigger_type', TRIGGER_TYPES);
export const triggerAction = pgEnum('trigger_action', TRIGGER_ACTIONS);
export const triggerStatus = pgEnum('trigger_status', TRIGGER_STATUSES);
export const triggerSignal = pgEnum('trigger_signal', TRIGGER_SIGNALS);
export const planTier = pgEnum('plan_tier', PLAN_TIERS);
export const billingPeriod = pgEnum('billing_period', BILLING_PERIODS);
export const webhookEvent = pgEnum('webhook_event', WEBHOOK_EVENTS);
export const mediaFileType = pgEnum('media_file_type', MEDIA_FILE_TYPES);
export const mediaStatus = pgEnum('media_status', MEDIA_STATUSES);
export const priorityLevel = pgEnum('priority_level', PRIORITY_LEVELS);
export const batteryImpactLevel = pgEnum('battery_impact_level', BATTERY_IMPACT_LEVELS);
export const broadcastMode = pgEnum('broadcast_mode', BROADCAST_MODES);
export const abTestStatus = pgEnum('ab_test_status', AB_TEST_STATUSES);
export const campaignStatus = pgEnum('campaign_status', CAMPAIGN_STATUSES);
export const subscriptionStatus = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const accountTokenPurpose = pgEnum('account_token_purpose', ACCOUNT_TOKEN_PURPOSES);
export const conversionKind = pgEnum('conversion_kind', CONVERSION_KINDS);
export const userSubscriptionStatus = pgEnum('user_subscription_status', USER_SUBSCRIPTION_STATUSES);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
  email: text('email').notNull().unique(),
  role: userRole('role').notNull().default('creator'),
  // The paid tier bought (a plan_tier, as pricing_plans.tier); null: none. Whether it counts now
  // is subscription_status's and current_period_end's (hasPaidPlan).
  subscriptionPlan: planTier('subscription_plan'),
  subscriptionStatus: userSubscriptionStatus('subscription_status').notNull().default('inactive'),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  triggerCredits: integer('trigger_credits').notNull().default(0),
  storageUsed: integer('storage_used').notNull().default(0),
  createdAt: createdAt(),
  lastLogin: timestamp('last_login', { withTimezone: true }),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  // Account lifecycle (issue 14, docs/decisions/account-lifecycle.md).
  displayName: text('display_name'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
});

/**
 * Single-use links sent by e-mail: password reset, address verification, e-mail change. Only the
 * sha-256 of the token is stored, as for sessions; `email` is the address the link was sent to.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    purpose: accountTokenPurpose('purpose').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha-256 of the cookie token: a leaked table cannot be replayed as cookies.
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const teams = pgTable('teams', {
  ...named(),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    teamId: belongsTo('team_id', () => teams.id),
    userId: belongsTo('user_id', () => users.id),
    role: userRole('role').notNull().default('viewer'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_team_user_uq').on(t.teamId, t.userId),
    index('team_members_user_idx').on(t.userId),
  ],
);

/**
 * Invitations into a team (issue 13): by e-mail (the link is mailed) or as a copyable link.
 * Single use and expiring; only the sha-256 of the token is stored, as for sessions.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    teamId: belongsTo('team_id', () => teams.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    // null: a link for whoever holds it; set: the address it was mailed to.
    email: text('email'),
    role: userRole('role').notNull().default('viewer'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('team_invitations_team_idx').on(t.teamId)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    ...named(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    status: campaignStatus('status').notNull().default('active'),
    ...schedule(),
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    ...timestamps(),
  },
  (t) => [index('campaigns_owner_idx').on(t.ownerId)],
);

export const soundTriggers = pgTable(
  'sound_triggers',
  {
    ...named(),
    type: triggerType('type').notNull(),
    action: triggerAction('action').notNull(),
    actionData: text('action_data').notNull(),
    frequencyPattern: jsonb('frequency_pattern').$type<number[]>().notNull(),
    status: triggerStatus('status').notNull().default('active'),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    // Teams (issue 13, docs/decisions/teams-and-access.md): set, the trigger belongs to the team
    // and its members reach it by their team role; null, it belongs to its creator alone.
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    ...timestamps(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isPublic: boolean('is_public').notNull().default(false),
    conversionGoal: text('conversion_goal'),
    batteryImpactLevel: batteryImpactLevel('battery_impact_level').notNull().default('medium'),
    audienceTargeting: jsonb('audience_targeting').$type<Record<string, unknown>>(),
    webhookUrl: text('webhook_url'),
    analyticsEnabled: boolean('analytics_enabled').notNull().default(true),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    // Shape B view and screen fields (DESIGN §3, SPEC §3.1 shape A).
    signal: triggerSignal('signal').notNull().default('audible'),
    durationMs: integer('duration_ms').notNull().default(2000),
    publicId: text('public_id').notNull().unique(),
    priorityLevel: priorityLevel('priority_level').notNull().default('medium'),
    broadcastMode: broadcastMode('broadcast_mode').notNull().default('standard'),
    targetAudience: text('target_audience'),
    embedCount: integer('embed_count').notNull().default(0),
    activationCount: integer('activation_count').notNull().default(0),
    activationLimit: integer('activation_limit'),
    // The listener protocol's opaque id (docs/decisions/listener-protocol.md): all a public
    // listener knows a trigger by, so the catalogue reveals neither row ids nor tone files.
    listenerId: text('listener_id')
      .notNull()
      .unique()
      .default(sql`('tml_' || replace(gen_random_uuid()::text, '-', ''))`),
  },
  (t) => [
    index('sound_triggers_creator_idx').on(t.creatorId),
    // Manage Triggers' page: a creator's newest first, read backwards in index order (totalOf).
    index('sound_triggers_creator_created_idx').on(t.creatorId, t.createdAt, t.id),
    index('sound_triggers_campaign_idx').on(t.campaignId),
    index('sound_triggers_team_idx').on(t.teamId),
  ],
);

export const triggerActivations = pgTable(
  'trigger_activations',
  {
    id: serial('id').primaryKey(),
    // Activations outlive a deleted trigger so platform totals stay true.
    triggerId: integer('trigger_id').references(() => soundTriggers.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    activationId: uuid('activation_id').notNull().default(sql`gen_random_uuid()`).unique(),
    deviceType: text('device_type'),
    osVersion: text('os_version'),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    batteryImpact: integer('battery_impact'),
    successful: boolean('successful').notNull().default(true),
    geoLocation: jsonb('geo_location').$type<Record<string, unknown>>(),
    conversionTracking: jsonb('conversion_tracking').$type<Record<string, unknown>>(),
    deviceFingerprint: text('device_fingerprint'),
    networkType: text('network_type'),
    responseTimeMs: integer('response_time_ms'),
    audienceSegment: text('audience_segment'),
    // When the device heard it (the same-trigger gap is measured on this, not on arrival) and the
    // engine's quality figures for the detection; null for activations made before the protocol.
    detectedAt: timestamp('detected_at', { withTimezone: true }),
    detectionScore: real('detection_score'),
    snrDb: real('snr_db'),
    speed: real('speed'),
    tempo: real('tempo'),
    // The A/B test and variant the server served (docs/decisions/ab-tests.md); no foreign keys, so
    // an activation keeps its history when a test is deleted.
    abTestId: integer('ab_test_id'),
    abVariantId: integer('ab_variant_id'),
    // Stored at insert time by the database itself, so every writer (the app, a bulk INSERT, a
    // restore) files the row under the same platform; the pattern is PLATFORM_PATTERNS'.
    platform: text('platform')
      .notNull()
      .generatedAlwaysAs(
        sql`case when os_version ~* '(iphone|ipad|ipod|ios)' then 'ios' when os_version ~* 'android' then 'android' else 'other' end`,
      ),
  },
  (t) => [
    // Keyset paging and streamed exports walk (activated_at, id) newest first.
    index('trigger_activations_trigger_at_idx').on(t.triggerId, t.activatedAt, t.id),
    index('trigger_activations_at_id_idx').on(t.activatedAt, t.id),
    index('trigger_activations_ab_variant_idx').on(t.abVariantId).where(sql`${t.abVariantId} is not null`),
  ],
);

/**
 * Daily activation rollups (docs/decisions/analytics-rollups.md), kept by database triggers on
 * trigger_activations and sound_triggers (migration activation_rollups). Only activations of an
 * existing trigger count, as the analytics have always joined them to their trigger. device_type
 * '' stands for none reported.
 */
const rollupMeasures = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  platform: text('platform').notNull(),
  deviceType: text('device_type').notNull(),
  activations: counter('activations'),
  successful: counter('successful'),
  batterySum: bigint('battery_sum', { mode: 'number' }).notNull().default(0),
  batteryCount: counter('battery_count'),
  converted: counter('converted'),
});

/** Per trigger and day: trigger-filtered counts, and what a deleted trigger takes away. */
export const activationDailyByTrigger = pgTable(
  'activation_daily_by_trigger',
  { triggerId: integer('trigger_id').notNull(), ...rollupMeasures() },
  (t) => [primaryKey({ columns: [t.triggerId, t.day, t.platform, t.deviceType] })],
);

/** Per trigger owner and day (owner 0: a trigger without one): what the analytics screens read. */
export const activationDailyByOwner = pgTable(
  'activation_daily_by_owner',
  { ownerId: integer('owner_id').notNull(), ...rollupMeasures() },
  (t) => [primaryKey({ columns: [t.ownerId, t.day, t.platform, t.deviceType] })],
);

export const audienceSegments = pgTable('audience_segments', {
  ...named(),
  criteria: jsonb('criteria').$type<Record<string, unknown>>().notNull(),
  creatorId: integer('creator_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const abTests = pgTable(
  'ab_tests',
  {
    ...named(),
    campaignId: belongsTo('campaign_id', () => campaigns.id),
    ...schedule(),
    // SPEC §3.4's default "active" is the contract's 'running' (migration typed_enum_legacy_values
    // renamed the old rows); the app itself creates tests as drafts.
    status: abTestStatus('status').notNull().default('running'),
    createdAt: createdAt(),
    // Set by "declare winner" (docs/decisions/ab-tests.md).
    winnerVariantId: integer('winner_variant_id'),
  },
  (t) => [index('ab_tests_campaign_idx').on(t.campaignId)],
);

export const abTestVariants = pgTable(
  'ab_test_variants',
  {
    id: serial('id').primaryKey(),
    testId: belongsTo('test_id', () => abTests.id),
    triggerId: integer('trigger_id').references(() => soundTriggers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    trafficAllocation: integer('traffic_allocation').notNull().default(50),
    createdAt: createdAt(),
    // The variant's action; null: the trigger's own.
    action: triggerAction('action'),
    actionData: text('action_data'),
    segmentIds: jsonb('segment_ids').$type<number[]>().notNull().default([]),
  },
  (t) => [
    index('ab_test_variants_test_idx').on(t.testId),
    index('ab_test_variants_trigger_idx').on(t.triggerId),
  ],
);

/**
 * Conversion steps of an activation: a tracked click ('click', goal '') or the creator's site
 * reporting the trigger's goal ('goal'). One per activation, kind and goal: reports are idempotent.
 * The first step also stamps the activation's conversion_tracking, which the rollups count.
 */
export const activationConversions = pgTable(
  'activation_conversions',
  {
    id: serial('id').primaryKey(),
    // No foreign key, so TRUNCATE trigger_activations still works: the custom migration deletes a
    // deleted activation's steps and empties this table on TRUNCATE.
    activationId: uuid('activation_id').notNull(),
    kind: conversionKind('kind').notNull(),
    goal: text('goal').notNull().default(''),
    abVariantId: integer('ab_variant_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activation_conversions_step_uq').on(t.activationId, t.kind, t.goal),
    index('activation_conversions_variant_idx').on(t.abVariantId).where(sql`${t.abVariantId} is not null`),
  ],
);

// Rollups for A/B results, segments and the hour / weekday activity, kept by the database like
// the daily ones (custom migration ab_segment_rollup_triggers).

/** Per A/B variant: activations, converted activations and distinct devices served. */
export const abVariantTotals = pgTable('ab_variant_totals', {
  variantId: integer('variant_id')
    .primaryKey()
    .references(() => abTestVariants.id, { onDelete: 'cascade' }),
  ...tallies(),
  devices: counter('devices'),
});

/** The devices a variant was served to, once each: what `devices` above counts. */
export const abVariantDevices = pgTable(
  'ab_variant_devices',
  {
    variantId: belongsTo('variant_id', () => abTestVariants.id),
    device: text('device').notNull(),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.device] })],
);

/** Per trigger and UTC hour: hourly and weekday activity. */
export const activationHourlyByTrigger = pgTable(
  'activation_hourly_by_trigger',
  {
    triggerId: integer('trigger_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...tallies(),
  },
  (t) => [primaryKey({ columns: [t.triggerId, t.hour] })],
);

/** Per trigger, audience segment (its id as text) and UTC day: performance by segment. */
export const activationDailyBySegment = pgTable(
  'activation_daily_by_segment',
  {
    triggerId: integer('trigger_id').notNull(),
    segment: text('segment').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...tallies(),
  },
  (t) => [primaryKey({ columns: [t.triggerId, t.segment, t.day] })],
);

export const mediaFiles = pgTable(
  'media_files',
  {
    ...named(),
    type: mediaFileType('type').notNull(),
    // The random key stem its file is stored and served under (tm_med_...), and that path
    // (/media/<key>). SPEC's API still calls them publicId and url; only storage names changed.
    publicId: text('public_id'),
    url: text('url').notNull(),
    fileSize: integer('file_size'),
    duration: integer('duration'),
    status: mediaStatus('status').notNull().default('processing'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    // As soundTriggers.teamId: a team's file, reached by its members.
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    triggerId: integer('trigger_id').references(() => soundTriggers.id, { onDelete: 'set null' }),
    isSegment: boolean('is_segment').notNull().default(false),
    parentMediaId: integer('parent_media_id').references((): AnyPgColumn => mediaFiles.id, {
      onDelete: 'cascade',
    }),
    segmentStart: integer('segment_start'),
    segmentDuration: integer('segment_duration'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    ...timestamps(),
  },
  (t) => [
    index('media_files_owner_idx').on(t.ownerId),
    index('media_files_parent_idx').on(t.parentMediaId),
    index('media_files_team_idx').on(t.teamId),
  ],
);

// Billing (issue 6, docs/decisions/commerce-payments.md). Money is integer cents.

export const pricingPlans = pgTable('pricing_plans', {
  // 'pro-monthly': stable ids the pricing page and subscriptions refer to.
  id: varchar('id', { length: 64 }).primaryKey(),
  tier: planTier('tier').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents').notNull(),
  billingPeriod: billingPeriod('billing_period').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  // null: unlimited.
  triggerLimit: integer('trigger_limit'),
  storageLimitGb: integer('storage_limit_gb').notNull(),
  recommended: boolean('recommended').notNull().default(false),
  contactSales: boolean('contact_sales').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    planId: varchar('plan_id', { length: 64 })
      .notNull()
      .references(() => pricingPlans.id),
    // incomplete until its first payment succeeds, then active.
    status: subscriptionStatus('status').notNull().default('incomplete'),
    contactEmail: text('contact_email').notNull(),
    contactName: text('contact_name').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    // Cancelled by the account: the plan runs to currentPeriodEnd and is not renewed.
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    // Stripe mode: the Stripe Subscription (sub_…) that bills and renews this one.
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    ...timestamps(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

export const payments = pgTable(
  'payments',
  {
    // The provider's payment intent id (pi_...).
    id: varchar('id', { length: 255 }).primaryKey(),
    provider: text('provider').notNull(),
    userId: belongsTo('user_id', () => users.id),
    subscriptionId: varchar('subscription_id', { length: 64 }).references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: paymentStatus('status').notNull().default('requires_payment_method'),
    // sha-256 of the client secret: enough to check a sandbox confirmation, useless if leaked.
    clientSecretHash: varchar('client_secret_hash', { length: 64 }).notNull(),
    lastError: text('last_error'),
    ...timestamps(),
  },
  (t) => [index('payments_user_idx').on(t.userId)],
);

/** Every signed payment event applied once: the primary key is the event id. */
export const paymentEvents = pgTable('payment_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  type: text('type').notNull(),
  paymentIntentId: varchar('payment_intent_id', { length: 255 }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// Public API (docs/decisions/public-api.md): keys for /api/v1 and signed webhooks.

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    name: text('name').notNull(),
    // The visible part of the key (tm_live_<prefix>_...), shown in lists to tell keys apart.
    prefix: varchar('prefix', { length: 16 }).notNull(),
    // sha-256 of the secret part: a leaked table cannot be used as keys.
    hash: varchar('hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    url: text('url').notNull(),
    // Checked against WEBHOOK_EVENTS on write (a jsonb array cannot hold an enum type).
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    // whsec_...: kept readable because every delivery is signed with it.
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** One row per delivery attempt: the webhook log (what is still to send lives in webhook_outbox). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: belongsTo('endpoint_id', () => webhookEndpoints.id),
    // The webhook-id header: the same for every attempt of one message.
    messageId: varchar('message_id', { length: 64 }).notNull(),
    event: webhookEvent('event').notNull(),
    attempt: integer('attempt').notNull(),
    succeeded: boolean('succeeded').notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId),
    index('webhook_deliveries_message_idx').on(t.messageId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type TriggerRow = typeof soundTriggers.$inferSelect;
export type NewTriggerRow = typeof soundTriggers.$inferInsert;
export type ActivationRow = typeof triggerActivations.$inferSelect;
export type MediaFileRow = typeof mediaFiles.$inferSelect;
export type NewMediaFileRow = typeof mediaFiles.$inferInsert;
export type PricingPlanRow = typeof pricingPlans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * The transactional outbox (docs/decisions/webhook-outbox.md): one row per event per endpoint,
 * written in the transaction that stores the event, before any send. A dispatcher claims due
 * rows for a lease, sends, and logs each attempt in webhook_deliveries.
 */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: serial('id').primaryKey(),
    endpointId: belongsTo('endpoint_id', () => webhookEndpoints.id),
    // The webhook-id header, derived from the event: every attempt, and a re-stored event, repeat it.
    messageId: varchar('message_id', { length: 64 }).notNull(),
    event: webhookEvent('event').notNull(),
    // The payload, signed unchanged on every attempt.
    body: text('body').notNull(),
    // Attempts claimed so far (an attempt cut short by a crash counts).
    attempts: integer('attempts').notNull().default(0),
    // When the next attempt is due; null once delivered or given up.
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    // Set while a process is sending it: its lease. A crash leaves it set, so the row is due
    // again once it passes (or at once when the embedded database's single server restarts).
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_outbox_endpoint_message_uq').on(t.endpointId, t.messageId),
    index('webhook_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
  ],
);
