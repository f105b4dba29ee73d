-- Before users.subscription_status becomes an enum (the next migration), map any value outside
-- USER_SUBSCRIPTION_STATUSES to what the app read it as, so every row converts and reads as it did
-- (docs/decisions/typed-enum-columns.md). Only 'active' ever made a plan count (paidTier), so any
-- other value ('free', a Stripe past_due or trialing…) was read as no paid plan: inactive.
UPDATE "users" SET "subscription_status" = 'inactive' WHERE "subscription_status" NOT IN ('inactive', 'active', 'canceled');
