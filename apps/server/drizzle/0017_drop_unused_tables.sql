DROP TABLE "notification_preferences" CASCADE;--> statement-breakpoint
DROP TABLE "trigger_templates" CASCADE;--> statement-breakpoint
DROP TABLE "trigger_webhooks" CASCADE;--> statement-breakpoint
DROP TABLE "user_devices" CASCADE;