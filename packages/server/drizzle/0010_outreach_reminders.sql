ALTER TABLE "institutions" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "outreach_contacts" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "patient_id" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "provider_answer" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_reminder_uq" ON "sms_outbox" USING btree ("patient_id","due_date","kind") WHERE "sms_outbox"."patient_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_patient_idx" ON "sms_outbox" USING btree ("patient_id","created_at") WHERE "sms_outbox"."patient_id" is not null;--> statement-breakpoint
-- Messages sent before reminders existed were delivered at once, in a single attempt.
UPDATE "sms_outbox" SET "attempts" = 1, "sent_at" = CASE WHEN "status" = 'sent' THEN "created_at" END;
