CREATE TABLE "chat_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"answering_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_questions" ADD CONSTRAINT "chat_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_questions" ADD CONSTRAINT "chat_questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_questions_user_idx" ON "chat_questions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_questions_organization_idx" ON "chat_questions" USING btree ("organization_id");