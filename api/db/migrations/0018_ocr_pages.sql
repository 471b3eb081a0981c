CREATE TABLE "document_ocr_pages" (
	"version_id" integer NOT NULL,
	"page_number" integer NOT NULL,
	"text" text NOT NULL,
	"confidence" integer NOT NULL,
	CONSTRAINT "document_ocr_pages_version_id_page_number_pk" PRIMARY KEY("version_id","page_number")
);
--> statement-breakpoint
ALTER TABLE "document_pages" ADD COLUMN "ocr_confidence" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "ocr_pages_done" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "ocr_pages_total" integer;--> statement-breakpoint
ALTER TABLE "document_ocr_pages" ADD CONSTRAINT "document_ocr_pages_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE cascade ON UPDATE no action;