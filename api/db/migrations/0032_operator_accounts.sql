CREATE TABLE "deployment_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('member.invited', 'invitation.resent', 'invitation.revoked', 'member.role_changed', 'member.removed', 'organization.created', 'organization.updated', 'organization.deleted', 'document.deleted', 'template.deleted', 'meeting.deleted', 'conversation.deleted', 'user.email_changed', 'user.password_changed', 'user.created', 'user.password_reset', 'user.disabled', 'user.enabled', 'checklist.item_added', 'checklist.item_updated', 'checklist.item_removed', 'assessment.answered', 'assessment.completed', 'value_gap.updated', 'task.added', 'task.updated', 'task.removed'));