ALTER TABLE "meetings" ADD COLUMN "recording_key" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "recording_file_name" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "recording_size" integer;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "recording_content_type" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "transcription_error" text;--> statement-breakpoint
CREATE INDEX "meetings_recording_key_idx" ON "meetings" USING btree ("recording_key");