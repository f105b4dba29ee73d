ALTER TABLE "media_files" RENAME COLUMN "cloudinary_public_id" TO "public_id";--> statement-breakpoint
ALTER TABLE "media_files" RENAME COLUMN "cloudinary_url" TO "url";