-- Before ab_tests.status and users.subscription_plan become enums (the next migration), map the
-- values the app has read through guards to the contract's own, so every row converts and
-- reads as it did (docs/decisions/typed-enum-columns.md).
-- SPEC §3.4's default 'active' is what the A/B code read as a running test; anything else outside
-- the contract read as a draft.
UPDATE "ab_tests" SET "status" = 'running' WHERE "status" = 'active';--> statement-breakpoint
UPDATE "ab_tests" SET "status" = 'draft' WHERE "status" NOT IN ('draft', 'running', 'paused', 'ended');--> statement-breakpoint
-- A plan name outside the paid tiers never counted as a paid plan (hasPaidPlan): it was Free,
-- which is stored as no plan.
UPDATE "users" SET "subscription_plan" = NULL WHERE "subscription_plan" NOT IN ('starter', 'pro', 'enterprise');
