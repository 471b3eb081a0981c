DROP INDEX "chunk_terms_org_term_idx";--> statement-breakpoint
-- A term's postings in chunk order, so a list is read a slice at a time from where the last slice
-- ended (api/ai/retrieval/postings-cache.ts, docs/decisions/087); the frequency and the chunk's
-- length still covered, so ranking stays an index-only scan.
CREATE INDEX "chunk_terms_org_term_chunk_idx" ON "chunk_terms" USING btree ("organization_id","term","chunk_id") INCLUDE ("frequency","chunk_length");
