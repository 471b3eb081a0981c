CREATE TABLE "document_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"kind" text NOT NULL,
	"term_key" text NOT NULL,
	"entity" text,
	"entity_kind" text NOT NULL,
	"text" text NOT NULL,
	"date" date,
	"year" integer,
	"page" integer NOT NULL,
	"row" integer,
	"column" integer,
	"quote" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_terms" ADD CONSTRAINT "document_terms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_terms" ADD CONSTRAINT "document_terms_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_terms" ADD CONSTRAINT "document_terms_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_terms_org_term_idx" ON "document_terms" USING btree ("organization_id","term_key");--> statement-breakpoint
CREATE INDEX "document_terms_document_idx" ON "document_terms" USING btree ("document_id");