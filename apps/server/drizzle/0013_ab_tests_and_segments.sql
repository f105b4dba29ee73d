CREATE TABLE "ab_variant_devices" (
	"variant_id" integer NOT NULL,
	"device" text NOT NULL,
	CONSTRAINT "ab_variant_devices_variant_id_device_pk" PRIMARY KEY("variant_id","device")
);
--> statement-breakpoint
CREATE TABLE "ab_variant_totals" (
	"variant_id" integer PRIMARY KEY NOT NULL,
	"activations" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activation_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"activation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"goal" text DEFAULT '' NOT NULL,
	"ab_variant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activation_daily_by_segment" (
	"trigger_id" integer NOT NULL,
	"segment" text NOT NULL,
	"day" date NOT NULL,
	"activations" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activation_daily_by_segment_trigger_id_segment_day_pk" PRIMARY KEY("trigger_id","segment","day")
);
--> statement-breakpoint
CREATE TABLE "activation_hourly_by_trigger" (
	"trigger_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"activations" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activation_hourly_by_trigger_trigger_id_hour_pk" PRIMARY KEY("trigger_id","hour")
);
--> statement-breakpoint
ALTER TABLE "ab_test_variants" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "ab_test_variants" ADD COLUMN "action_data" text;--> statement-breakpoint
ALTER TABLE "ab_test_variants" ADD COLUMN "segment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD COLUMN "winner_variant_id" integer;--> statement-breakpoint
ALTER TABLE "trigger_activations" ADD COLUMN "ab_test_id" integer;--> statement-breakpoint
ALTER TABLE "trigger_activations" ADD COLUMN "ab_variant_id" integer;--> statement-breakpoint
ALTER TABLE "ab_variant_devices" ADD CONSTRAINT "ab_variant_devices_variant_id_ab_test_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."ab_test_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_variant_totals" ADD CONSTRAINT "ab_variant_totals_variant_id_ab_test_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."ab_test_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activation_conversions_step_uq" ON "activation_conversions" USING btree ("activation_id","kind","goal");--> statement-breakpoint
CREATE INDEX "activation_conversions_variant_idx" ON "activation_conversions" USING btree ("ab_variant_id") WHERE "activation_conversions"."ab_variant_id" is not null;--> statement-breakpoint
CREATE INDEX "ab_test_variants_test_idx" ON "ab_test_variants" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "ab_test_variants_trigger_idx" ON "ab_test_variants" USING btree ("trigger_id");--> statement-breakpoint
CREATE INDEX "ab_tests_campaign_idx" ON "ab_tests" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "trigger_activations_ab_variant_idx" ON "trigger_activations" USING btree ("ab_variant_id") WHERE "trigger_activations"."ab_variant_id" is not null;