CREATE TABLE "action_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"due_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"origin_ref" text,
	"origin_label" text DEFAULT '' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_tasks_status_check" CHECK ("action_tasks"."status" in ('open', 'in_progress', 'done')),
	CONSTRAINT "action_tasks_origin_check" CHECK ("action_tasks"."origin" in ('manual', 'meeting', 'analysis', 'checklist', 'driver')),
	CONSTRAINT "action_tasks_origin_ref_check" CHECK (("action_tasks"."origin" = 'manual') = ("action_tasks"."origin_ref" is null))
);
--> statement-breakpoint
CREATE TABLE "readiness_assessments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "readiness_assessments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "value_gap_entries" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"entries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "action_tasks" ADD CONSTRAINT "action_tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_tasks" ADD CONSTRAINT "action_tasks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_tasks" ADD CONSTRAINT "action_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_assessments" ADD CONSTRAINT "readiness_assessments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_assessments" ADD CONSTRAINT "readiness_assessments_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_assessments" ADD CONSTRAINT "readiness_assessments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "value_gap_entries" ADD CONSTRAINT "value_gap_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "action_tasks_origin_key" ON "action_tasks" USING btree ("organization_id","origin_ref");--> statement-breakpoint
CREATE INDEX "action_tasks_org_due_idx" ON "action_tasks" USING btree ("organization_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "readiness_assessments_open_key" ON "readiness_assessments" USING btree ("organization_id") WHERE "readiness_assessments"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "readiness_assessments_org_completed_idx" ON "readiness_assessments" USING btree ("organization_id","completed_at");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('member.invited', 'invitation.resent', 'invitation.revoked', 'member.role_changed', 'member.removed', 'organization.created', 'organization.updated', 'organization.deleted', 'document.deleted', 'template.deleted', 'meeting.deleted', 'conversation.deleted', 'user.email_changed', 'user.password_changed', 'checklist.item_added', 'checklist.item_updated', 'checklist.item_removed', 'assessment.answered', 'assessment.completed', 'value_gap.updated', 'task.added', 'task.updated', 'task.removed'));