ALTER TABLE "patient_counters" ADD COLUMN "managed_urgent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_counters" ADD COLUMN "comparison_urgent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "urgent_since" date;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "urgent_alert" jsonb;--> statement-breakpoint
CREATE INDEX "patients_urgent_idx" ON "patients" USING btree ("institution_id","urgent_since","id") WHERE "patients"."urgent_since" is not null and "patients"."voided_at" is null;--> statement-breakpoint
-- The urgent state of the patients already stored, by the rule of src/db/queries/patient-summary.ts as it
-- stands with this migration: the latest live record of an instrument that assesses danger values
-- (annexes 1, 6, 7, 8, 9) has an alert and records no referral. Record writes keep it from here on; the
-- counters are recounted after the migrations, as their trigger text changes with this release.
UPDATE "patients" p SET
	"urgent_since" = l."filled_at",
	"urgent_alert" = jsonb_build_object('recordId', l."id", 'annex', l."annex", 'alerts', coalesce(l."derived"->'alerts', '[]'::jsonb))
FROM (
	SELECT DISTINCT ON (r."patient_id") r."patient_id", r."id", r."annex", r."filled_at", r."derived", r."data"
	FROM "annex_records" r
	WHERE r."voided_at" IS NULL AND r."annex" IN ('1', '6', '7', '8', '9')
	ORDER BY r."patient_id", r."filled_at" DESC, r."id" DESC
) l
WHERE l."patient_id" = p."id"
	AND l."derived"->>'hasAlert' = 'true'
	AND coalesce(l."data"->>'referral', 'false') <> 'true';
