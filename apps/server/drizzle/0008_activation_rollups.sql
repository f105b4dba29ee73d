CREATE TABLE "activation_daily_by_owner" (
	"owner_id" integer NOT NULL,
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"device_type" text NOT NULL,
	"activations" integer DEFAULT 0 NOT NULL,
	"successful" integer DEFAULT 0 NOT NULL,
	"battery_sum" bigint DEFAULT 0 NOT NULL,
	"battery_count" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activation_daily_by_owner_owner_id_day_platform_device_type_pk" PRIMARY KEY("owner_id","day","platform","device_type")
);
--> statement-breakpoint
CREATE TABLE "activation_daily_by_trigger" (
	"trigger_id" integer NOT NULL,
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"device_type" text NOT NULL,
	"activations" integer DEFAULT 0 NOT NULL,
	"successful" integer DEFAULT 0 NOT NULL,
	"battery_sum" bigint DEFAULT 0 NOT NULL,
	"battery_count" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activation_daily_by_trigger_trigger_id_day_platform_device_type_pk" PRIMARY KEY("trigger_id","day","platform","device_type")
);
--> statement-breakpoint
DROP INDEX "trigger_activations_trigger_idx";--> statement-breakpoint
DROP INDEX "trigger_activations_at_idx";--> statement-breakpoint
ALTER TABLE "trigger_activations" ADD COLUMN "platform" text GENERATED ALWAYS AS (case when os_version ~* '(iphone|ipad|ipod|ios)' then 'ios' when os_version ~* 'android' then 'android' else 'other' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "trigger_activations_trigger_at_idx" ON "trigger_activations" USING btree ("trigger_id","activated_at","id");--> statement-breakpoint
CREATE INDEX "trigger_activations_at_id_idx" ON "trigger_activations" USING btree ("activated_at","id");