CREATE TABLE "analysis_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analysis_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"document_version_id" integer NOT NULL,
	"type" text NOT NULL,
	"generated_by" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_results_type_check" CHECK ("analysis_results"."type" in ('summary', 'key-findings', 'risks', 'recommendations')),
	CONSTRAINT "analysis_results_generated_by_check" CHECK ("analysis_results"."generated_by" in ('offline', 'llm'))
);
--> statement-breakpoint
ALTER TABLE "analysis_results" ADD CONSTRAINT "analysis_results_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_results" ADD CONSTRAINT "analysis_results_document_version_id_document_versions_id_fk" FOREIGN KEY ("document_version_id") REFERENCES "public"."document_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_results_version_type_key" ON "analysis_results" USING btree ("document_version_id","type","generated_by");--> statement-breakpoint
CREATE INDEX "analysis_results_org_idx" ON "analysis_results" USING btree ("organization_id");