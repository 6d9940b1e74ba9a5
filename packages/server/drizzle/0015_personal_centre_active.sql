ALTER TABLE "patient_counters" ADD COLUMN "managed_listed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_counters" ADD COLUMN "managed_in_management_listed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_counters" ADD COLUMN "managed_ended_listed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_counters" ADD COLUMN "comparison_listed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_counters" ADD COLUMN "comparison_early_listed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_counters" ADD COLUMN "comparison_diabetes_listed" integer DEFAULT 0 NOT NULL;