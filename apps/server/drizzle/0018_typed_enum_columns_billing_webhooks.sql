CREATE TYPE "public"."billing_period" AS ENUM('monthly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."plan_tier" AS ENUM('starter', 'pro', 'enterprise');--> statement-breakpoint
CREATE TYPE "public"."webhook_event" AS ENUM('trigger.created', 'trigger.activated');--> statement-breakpoint
ALTER TABLE "pricing_plans" ALTER COLUMN "tier" SET DATA TYPE "public"."plan_tier" USING "tier"::"public"."plan_tier";--> statement-breakpoint
ALTER TABLE "pricing_plans" ALTER COLUMN "billing_period" SET DATA TYPE "public"."billing_period" USING "billing_period"::"public"."billing_period";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "event" SET DATA TYPE "public"."webhook_event" USING "event"::"public"."webhook_event";--> statement-breakpoint
ALTER TABLE "webhook_outbox" ALTER COLUMN "event" SET DATA TYPE "public"."webhook_event" USING "event"::"public"."webhook_event";