CREATE TABLE "chunk_statistics" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"chunks" integer NOT NULL,
	"terms" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "document_chunks_org_length_idx";--> statement-breakpoint
ALTER TABLE "chunk_statistics" ADD CONSTRAINT "chunk_statistics_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- BM25's collection size and average length (api/ai/retrieval/bm25.ts), kept with the chunks as
-- migration 0035 keeps the document frequencies: statement-level, one aggregate per statement. Named
-- to fire after the statement's search generation trigger (migration 0011, triggers fire by name),
-- which locks the organization's row: one organization's statistics are written one transaction at
-- a time. A delete only subtracts: when the organization itself goes, its row may be gone already.
CREATE FUNCTION count_inserted_chunks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chunk_statistics (organization_id, chunks, terms)
  SELECT organization_id, count(*), coalesce(sum(term_count), 0) FROM changed_rows
  GROUP BY organization_id ORDER BY organization_id
  ON CONFLICT (organization_id) DO UPDATE
  SET chunks = chunk_statistics.chunks + excluded.chunks, terms = chunk_statistics.terms + excluded.terms;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION count_deleted_chunks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chunk_statistics s SET chunks = s.chunks - removed.chunks, terms = s.terms - removed.terms
  FROM (SELECT organization_id, count(*) AS chunks, coalesce(sum(term_count), 0) AS terms
        FROM changed_rows GROUP BY organization_id) removed
  WHERE s.organization_id = removed.organization_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Re-indexing rewrites term_count in place (api/ingest/reindex-document-job.ts).
CREATE FUNCTION count_updated_chunks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chunk_statistics (organization_id, chunks, terms)
  SELECT organization_id, sum(chunks), sum(terms) FROM (
    SELECT organization_id, 1 AS chunks, term_count::bigint AS terms FROM new_rows
    UNION ALL
    SELECT organization_id, -1, -term_count::bigint FROM old_rows
  ) changed
  GROUP BY organization_id HAVING sum(chunks) <> 0 OR sum(terms) <> 0 ORDER BY organization_id
  ON CONFLICT (organization_id) DO UPDATE
  SET chunks = chunk_statistics.chunks + excluded.chunks, terms = chunk_statistics.terms + excluded.terms;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_chunks_statistics_inserted AFTER INSERT ON document_chunks
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_chunks();
--> statement-breakpoint
CREATE TRIGGER document_chunks_statistics_deleted AFTER DELETE ON document_chunks
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_chunks();
--> statement-breakpoint
CREATE TRIGGER document_chunks_statistics_updated AFTER UPDATE ON document_chunks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_updated_chunks();
--> statement-breakpoint
INSERT INTO chunk_statistics (organization_id, chunks, terms)
SELECT organization_id, count(*), coalesce(sum(term_count), 0) FROM document_chunks GROUP BY organization_id;
