DROP INDEX "patients_cohort_id_num_uq";--> statement-breakpoint
DROP INDEX "patients_tel_idx";--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "id_num" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "tel_num" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "id_num_sealed" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "tel_num_sealed" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "id_num_index" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "id_last4_index" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "tel_num_index" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "tel_last4_index" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "data_key_id" text;--> statement-breakpoint
CREATE INDEX "patients_id_last4_idx" ON "patients" USING btree ("id_last4_index");--> statement-breakpoint
CREATE INDEX "patients_tel_last4_idx" ON "patients" USING btree ("tel_last4_index");--> statement-breakpoint
CREATE INDEX "patients_data_key_idx" ON "patients" USING btree ("data_key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_cohort_id_num_uq" ON "patients" USING btree ("cohort","id_num_index") WHERE "patients"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "patients_tel_idx" ON "patients" USING btree ("tel_num_index");--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_identifiers_present" CHECK (("patients"."id_num_sealed" is not null and "patients"."tel_num_sealed" is not null and "patients"."id_num_index" is not null and "patients"."id_last4_index" is not null and "patients"."tel_num_index" is not null and "patients"."tel_last4_index" is not null and "patients"."data_key_id" is not null) or ("patients"."id_num" is not null and "patients"."tel_num" is not null));