ALTER TABLE "sound_triggers" ADD COLUMN "listener_id" text DEFAULT ('tml_' || replace(gen_random_uuid()::text, '-', '')) NOT NULL;--> statement-breakpoint
ALTER TABLE "trigger_activations" ADD COLUMN "detected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trigger_activations" ADD COLUMN "detection_score" real;--> statement-breakpoint
ALTER TABLE "trigger_activations" ADD COLUMN "snr_db" real;--> statement-breakpoint
ALTER TABLE "trigger_activations" ADD COLUMN "speed" real;--> statement-breakpoint
ALTER TABLE "trigger_activations" ADD COLUMN "tempo" real;--> statement-breakpoint
ALTER TABLE "sound_triggers" ADD CONSTRAINT "sound_triggers_listener_id_unique" UNIQUE("listener_id");