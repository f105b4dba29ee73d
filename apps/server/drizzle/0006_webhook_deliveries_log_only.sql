DROP INDEX "webhook_deliveries_next_attempt_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "body";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "next_attempt_at";