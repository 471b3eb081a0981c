-- The readiness views keep what they read of facts and terms under the search generation
-- (api/readiness/proposal-cache.ts), as search keeps its results: a changed fact or term raises it
-- too, whether written with the chunks or by the job that reads an older version's facts again.
CREATE TRIGGER document_facts_inserted AFTER INSERT ON document_facts
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_search_generation();
--> statement-breakpoint
CREATE TRIGGER document_facts_deleted AFTER DELETE ON document_facts
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_search_generation();
--> statement-breakpoint
CREATE TRIGGER document_terms_inserted AFTER INSERT ON document_terms
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_search_generation();
--> statement-breakpoint
CREATE TRIGGER document_terms_deleted AFTER DELETE ON document_terms
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_search_generation();
