CREATE TABLE "document_facts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_facts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"kind" text NOT NULL,
	"measure" text NOT NULL,
	"measure_key" text,
	"entity" text,
	"period_kind" text,
	"period_year" integer,
	"period_quarter" integer,
	"period_month" integer,
	"period_date" date,
	"period_label" text,
	"value" numeric NOT NULL,
	"unit" text,
	"scale" integer DEFAULT 1 NOT NULL,
	"bound" text,
	"page" integer NOT NULL,
	"row" integer,
	"column" integer,
	"quote" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "facts_reader" integer;--> statement-breakpoint
ALTER TABLE "document_facts" ADD CONSTRAINT "document_facts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_facts" ADD CONSTRAINT "document_facts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_facts" ADD CONSTRAINT "document_facts_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_facts_org_measure_idx" ON "document_facts" USING btree ("organization_id","measure_key");--> statement-breakpoint
CREATE INDEX "document_facts_document_idx" ON "document_facts" USING btree ("document_id");