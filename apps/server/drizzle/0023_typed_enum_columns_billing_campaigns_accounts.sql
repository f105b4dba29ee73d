CREATE TYPE "public"."account_token_purpose" AS ENUM('reset-password', 'verify-email', 'change-email');--> statement-breakpoint
CREATE TYPE "public"."campaign_status" AS ENUM('active', 'paused', 'archived');--> statement-breakpoint
CREATE TYPE "public"."conversion_kind" AS ENUM('click', 'goal');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('requires_payment_method', 'succeeded');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('incomplete', 'active', 'canceled');--> statement-breakpoint
ALTER TABLE "account_tokens" ALTER COLUMN "purpose" SET DATA TYPE "public"."account_token_purpose" USING "purpose"::"public"."account_token_purpose";--> statement-breakpoint
ALTER TABLE "activation_conversions" ALTER COLUMN "kind" SET DATA TYPE "public"."conversion_kind" USING "kind"::"public"."conversion_kind";--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "status" SET DEFAULT 'active'::"public"."campaign_status";--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "status" SET DATA TYPE "public"."campaign_status" USING "status"::"public"."campaign_status";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "status" SET DEFAULT 'requires_payment_method'::"public"."payment_status";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "status" SET DATA TYPE "public"."payment_status" USING "status"::"public"."payment_status";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "status" SET DEFAULT 'incomplete'::"public"."subscription_status";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "status" SET DATA TYPE "public"."subscription_status" USING "status"::"public"."subscription_status";