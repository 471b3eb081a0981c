CREATE TABLE "kept_posting_lists" (
	"organization_id" integer NOT NULL,
	"generation" bigint NOT NULL,
	"rank" integer NOT NULL,
	"term" text NOT NULL,
	"postings" integer NOT NULL,
	"packed" "bytea" NOT NULL,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kept_posting_lists_organization_id_rank_pk" PRIMARY KEY("organization_id","rank")
);
--> statement-breakpoint
ALTER TABLE "kept_posting_lists" ADD CONSTRAINT "kept_posting_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Packed postings do not compress; stored out of line uncompressed, a row is read without inflating it.
ALTER TABLE "kept_posting_lists" ALTER COLUMN "packed" SET STORAGE EXTERNAL;--> statement-breakpoint
-- A kept list is true of one generation: once the organization's chunks change it is gone, so
-- nothing of a deleted document outlives it here.
CREATE FUNCTION drop_kept_posting_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM kept_posting_lists WHERE organization_id = NEW.id AND generation <> NEW.search_generation;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organizations_search_generation_raised AFTER UPDATE OF search_generation ON organizations
  FOR EACH ROW WHEN (OLD.search_generation IS DISTINCT FROM NEW.search_generation)
  EXECUTE FUNCTION drop_kept_posting_lists();
