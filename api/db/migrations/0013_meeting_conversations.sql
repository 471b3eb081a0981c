ALTER TABLE "messages" DROP CONSTRAINT "messages_role_check";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "meeting_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "speaker" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_status_check" CHECK ("conversations"."status" in ('active', 'completed'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_role_check" CHECK ("messages"."role" in ('user', 'assistant', 'client', 'advisor', 'participant'));