CREATE TABLE "term_statistics" (
	"organization_id" integer NOT NULL,
	"term" text NOT NULL,
	"chunks" integer NOT NULL,
	CONSTRAINT "term_statistics_organization_id_term_pk" PRIMARY KEY("organization_id","term")
);
--> statement-breakpoint
ALTER TABLE "term_statistics" ADD CONSTRAINT "term_statistics_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- BM25's document frequencies (api/ai/retrieval/bm25.ts), kept with the postings: statement-level,
-- so a batch of 20,000 postings updates each of its terms once. Every writer of postings has already
-- raised its organization's search generation (migration 0011), which locks the organization's row:
-- writers of one organization's statistics come one at a time.
CREATE FUNCTION count_inserted_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO term_statistics (organization_id, term, chunks)
  SELECT organization_id, term, count(*) FROM changed_rows GROUP BY organization_id, term ORDER BY organization_id, term
  ON CONFLICT (organization_id, term) DO UPDATE SET chunks = term_statistics.chunks + excluded.chunks;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION count_deleted_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE term_statistics s SET chunks = s.chunks - removed.chunks
  FROM (SELECT organization_id, term, count(*) AS chunks FROM changed_rows GROUP BY organization_id, term) removed
  WHERE s.organization_id = removed.organization_id AND s.term = removed.term;
  DELETE FROM term_statistics s USING (SELECT DISTINCT organization_id, term FROM changed_rows) removed
  WHERE s.organization_id = removed.organization_id AND s.term = removed.term AND s.chunks <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chunk_terms_counted AFTER INSERT ON chunk_terms
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_terms();
--> statement-breakpoint
CREATE TRIGGER chunk_terms_uncounted AFTER DELETE ON chunk_terms
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_terms();
--> statement-breakpoint
INSERT INTO term_statistics (organization_id, term, chunks)
SELECT organization_id, term, count(*) FROM chunk_terms GROUP BY organization_id, term;
