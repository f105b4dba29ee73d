CREATE TYPE "public"."ab_test_status" AS ENUM('draft', 'running', 'paused', 'ended');--> statement-breakpoint
CREATE TYPE "public"."battery_impact_level" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."broadcast_mode" AS ENUM('standard', 'continuous', 'scheduled');--> statement-breakpoint
CREATE TYPE "public"."priority_level" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
ALTER TABLE "ab_tests" ALTER COLUMN "status" SET DEFAULT 'running'::"public"."ab_test_status";--> statement-breakpoint
ALTER TABLE "ab_tests" ALTER COLUMN "status" SET DATA TYPE "public"."ab_test_status" USING "status"::"public"."ab_test_status";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "battery_impact_level" SET DEFAULT 'medium'::"public"."battery_impact_level";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "battery_impact_level" SET DATA TYPE "public"."battery_impact_level" USING "battery_impact_level"::"public"."battery_impact_level";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "priority_level" SET DEFAULT 'medium'::"public"."priority_level";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "priority_level" SET DATA TYPE "public"."priority_level" USING "priority_level"::"public"."priority_level";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "broadcast_mode" SET DEFAULT 'standard'::"public"."broadcast_mode";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "broadcast_mode" SET DATA TYPE "public"."broadcast_mode" USING "broadcast_mode"::"public"."broadcast_mode";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "subscription_plan" SET DATA TYPE "public"."plan_tier" USING "subscription_plan"::"public"."plan_tier";