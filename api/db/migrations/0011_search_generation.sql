ALTER TABLE "organizations" ADD COLUMN "search_generation" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Search results are cached per organization and generation (api/search/result-cache.ts): every
-- statement that changes what a search can find raises the generation of the organizations it
-- touched. Statement-level, so a batch of a thousand chunks raises it once.
CREATE FUNCTION raise_search_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations SET search_generation = search_generation + 1
  WHERE id IN (SELECT DISTINCT organization_id FROM changed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_chunks_inserted AFTER INSERT ON document_chunks
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_search_generation();
--> statement-breakpoint
CREATE TRIGGER document_chunks_updated AFTER UPDATE ON document_chunks
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_search_generation();
--> statement-breakpoint
CREATE TRIGGER document_chunks_deleted AFTER DELETE ON document_chunks
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_search_generation();
--> statement-breakpoint
CREATE TRIGGER chunk_terms_inserted AFTER INSERT ON chunk_terms
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_search_generation();
--> statement-breakpoint
CREATE TRIGGER chunk_terms_deleted AFTER DELETE ON chunk_terms
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_search_generation();
--> statement-breakpoint
-- Results show document titles; other changes to a document (its status, its progress) do not count.
CREATE FUNCTION raise_search_generation_on_title() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations SET search_generation = search_generation + 1
  WHERE id IN (
    SELECT DISTINCT new_rows.organization_id FROM new_rows JOIN old_rows USING (id)
    WHERE new_rows.title IS DISTINCT FROM old_rows.title
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_retitled AFTER UPDATE ON documents
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION raise_search_generation_on_title();
