CREATE TABLE "webhook_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_outbox" ADD CONSTRAINT "webhook_outbox_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_outbox_endpoint_message_uq" ON "webhook_outbox" USING btree ("endpoint_id","message_id");--> statement-breakpoint
CREATE INDEX "webhook_outbox_due_idx" ON "webhook_outbox" USING btree ("next_attempt_at") WHERE "webhook_outbox"."next_attempt_at" is not null;