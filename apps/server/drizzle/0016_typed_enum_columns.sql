CREATE TYPE "public"."trigger_action" AS ENUM('OPEN_URL', 'LAUNCH_APP', 'DISPLAY_REWARD', 'CUSTOM_ACTION');--> statement-breakpoint
CREATE TYPE "public"."trigger_signal" AS ENUM('audible', 'ultrasonic', 'combined', 'streaming');--> statement-breakpoint
CREATE TYPE "public"."trigger_status" AS ENUM('active', 'inactive', 'scheduled');--> statement-breakpoint
CREATE TYPE "public"."trigger_type" AS ENUM('URL', 'APP', 'REWARD', 'CUSTOM');--> statement-breakpoint
ALTER TABLE "ab_test_variants" ALTER COLUMN "action" SET DATA TYPE "public"."trigger_action" USING "action"::"public"."trigger_action";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "type" SET DATA TYPE "public"."trigger_type" USING "type"::"public"."trigger_type";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "action" SET DATA TYPE "public"."trigger_action" USING "action"::"public"."trigger_action";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "status" SET DEFAULT 'active'::"public"."trigger_status";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "status" SET DATA TYPE "public"."trigger_status" USING "status"::"public"."trigger_status";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "signal" SET DEFAULT 'audible'::"public"."trigger_signal";--> statement-breakpoint
ALTER TABLE "sound_triggers" ALTER COLUMN "signal" SET DATA TYPE "public"."trigger_signal" USING "signal"::"public"."trigger_signal";