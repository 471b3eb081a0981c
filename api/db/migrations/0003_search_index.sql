CREATE EXTENSION IF NOT EXISTS vector;--> statement-breakpoint
CREATE TABLE "chunk_terms" (
	"organization_id" integer NOT NULL,
	"term" text NOT NULL,
	"chunk_id" integer NOT NULL,
	"frequency" integer NOT NULL,
	"chunk_length" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "document_chunks_search_idx";--> statement-breakpoint
ALTER TABLE "document_chunks" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "term_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "embedding" vector;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "embedding_model" text;--> statement-breakpoint
CREATE TABLE "document_embeddings" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"embedding_model" text NOT NULL,
	"embedding" vector NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_embeddings" ADD CONSTRAINT "document_embeddings_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_embeddings_org_model_idx" ON "document_embeddings" USING btree ("organization_id","embedding_model");--> statement-breakpoint
ALTER TABLE "chunk_terms" ADD CONSTRAINT "chunk_terms_chunk_id_document_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."document_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Covering: BM25 reads chunk, frequency and length from the index alone.
CREATE INDEX "chunk_terms_org_term_idx" ON "chunk_terms" USING btree ("organization_id","term") INCLUDE ("chunk_id","frequency","chunk_length");--> statement-breakpoint
CREATE INDEX "chunk_terms_chunk_idx" ON "chunk_terms" USING btree ("chunk_id");--> statement-breakpoint
CREATE INDEX "document_chunks_org_model_idx" ON "document_chunks" USING btree ("organization_id","embedding_model");--> statement-breakpoint
-- Approximate nearest neighbours for large organizations, for the default 100-dimension vectors;
-- other dimensions are scanned exactly (api/ai/retrieval/vector-search.ts).
CREATE INDEX "document_chunks_embedding_100_hnsw_idx" ON "document_chunks" USING hnsw (("embedding"::vector(100)) vector_cosine_ops) WHERE vector_dims("embedding") = 100;--> statement-breakpoint
-- Chunks made before search existed get their postings and vectors from the job worker.
INSERT INTO "jobs" ("kind", "payload")
SELECT 'index-document', jsonb_build_object('documentId', "id") FROM "documents" WHERE "processing_status" = 'processed';
