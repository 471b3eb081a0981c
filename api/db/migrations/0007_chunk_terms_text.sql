ALTER TABLE "document_chunks" ADD COLUMN "terms" text;--> statement-breakpoint
-- Chunks indexed before this column fill it through their document's index job.
INSERT INTO "jobs" ("kind", "organization_id", "payload")
SELECT 'index-document', "organization_id", jsonb_build_object('documentId', "id") FROM "documents" WHERE "processing_status" = 'processed';
