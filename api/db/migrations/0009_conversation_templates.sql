CREATE TABLE "conversation_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"phase_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sections" jsonb NOT NULL,
	"followup_actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"sample_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_templates_phase_check" CHECK ("conversation_templates"."phase_id" in ('phase-1', 'phase-2', 'phase-3', 'phase-4'))
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "templates_seeded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_templates" ADD CONSTRAINT "conversation_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_templates" ADD CONSTRAINT "conversation_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_templates_org_phase_idx" ON "conversation_templates" USING btree ("organization_id","phase_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_templates_sample_idx" ON "conversation_templates" USING btree ("organization_id","sample_key");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_template_id_conversation_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."conversation_templates"("id") ON DELETE set null ON UPDATE no action;