CREATE TYPE "public"."media_file_type" AS ENUM('video', 'audio');--> statement-breakpoint
CREATE TYPE "public"."media_status" AS ENUM('processing', 'ready', 'error');--> statement-breakpoint
ALTER TABLE "media_files" ALTER COLUMN "type" SET DATA TYPE "public"."media_file_type" USING "type"::"public"."media_file_type";--> statement-breakpoint
ALTER TABLE "media_files" ALTER COLUMN "status" SET DEFAULT 'processing'::"public"."media_status";--> statement-breakpoint
ALTER TABLE "media_files" ALTER COLUMN "status" SET DATA TYPE "public"."media_status" USING "status"::"public"."media_status";