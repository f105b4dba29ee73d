-- Before campaigns.status, subscriptions.status, payments.status, account_tokens.purpose and
-- activation_conversions.kind become enums (the next migration), map any value outside the
-- contract's list to what the app read it as, so every row converts and reads as it did
-- (docs/decisions/typed-enum-columns.md).
-- A campaign status outside the list showed as not active (the amber badge): paused says that.
UPDATE "campaigns" SET "status" = 'paused' WHERE "status" NOT IN ('active', 'paused', 'archived');--> statement-breakpoint
-- Tonemark writes incomplete, active and canceled; any other (a Stripe past_due, trialing…) was
-- read as neither active nor canceled, which is incomplete.
UPDATE "subscriptions" SET "status" = 'incomplete' WHERE "status" NOT IN ('incomplete', 'active', 'canceled');--> statement-breakpoint
-- Only succeeded counts as paid; any other payment intent status was read as unpaid.
UPDATE "payments" SET "status" = 'requires_payment_method' WHERE "status" NOT IN ('requires_payment_method', 'succeeded');--> statement-breakpoint
-- A token is only ever spent for its own purpose: one for an unknown purpose could never be used.
DELETE FROM "account_tokens" WHERE "purpose" NOT IN ('reset-password', 'verify-email', 'change-email');--> statement-breakpoint
-- A step row is read only for its uniqueness; the activation's conversion_tracking stamp, which the
-- rollups count, stays.
DELETE FROM "activation_conversions" WHERE "kind" NOT IN ('click', 'goal');
