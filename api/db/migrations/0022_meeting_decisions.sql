ALTER TABLE "meetings" ADD COLUMN "recorded_seconds" integer;--> statement-breakpoint
ALTER TABLE "transcripts" ADD COLUMN "decisions" jsonb DEFAULT '[]'::jsonb NOT NULL;