ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "ran_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "ocr_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_org_creations_idx" ON "audit_events" USING btree ("actor_id","created_at") WHERE "audit_events"."action" = 'organization.created';--> statement-breakpoint
CREATE INDEX "jobs_ended_idx" ON "jobs" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "jobs_org_ended_idx" ON "jobs" USING btree ("organization_id","ended_at");