CREATE TABLE "checklist_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checklist_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"standard_key" text,
	"title" text DEFAULT '' NOT NULL,
	"section" text,
	"assignee_id" integer,
	"due_date" date,
	"note" text DEFAULT '' NOT NULL,
	"not_applicable" boolean DEFAULT false NOT NULL,
	"not_applicable_reason" text DEFAULT '' NOT NULL,
	"confirmed_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_items_custom_check" CHECK ("checklist_items"."standard_key" is not null or ("checklist_items"."title" <> '' and "checklist_items"."section" is not null))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_confirmed_document_id_documents_id_fk" FOREIGN KEY ("confirmed_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_items_org_key" ON "checklist_items" USING btree ("organization_id","standard_key");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('member.invited', 'invitation.resent', 'invitation.revoked', 'member.role_changed', 'member.removed', 'organization.created', 'organization.updated', 'organization.deleted', 'document.deleted', 'template.deleted', 'meeting.deleted', 'conversation.deleted', 'user.email_changed', 'user.password_changed', 'checklist.item_added', 'checklist.item_updated', 'checklist.item_removed'));