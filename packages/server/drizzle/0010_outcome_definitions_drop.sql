ALTER TABLE "outcome_facts" DROP COLUMN "baseline_complete";--> statement-breakpoint
ALTER TABLE "outcome_facts" DROP COLUMN "diabetes_date";--> statement-breakpoint
ALTER TABLE "outcome_facts" DROP COLUMN "latest_status";--> statement-breakpoint
ALTER TABLE "outcome_facts" DROP COLUMN "latest_has_ogtt2h";--> statement-breakpoint
ALTER TABLE "outcome_facts" DROP COLUMN "evaluable";--> statement-breakpoint
ALTER TABLE "outcome_facts" DROP COLUMN "reverted";--> statement-breakpoint
ALTER TABLE "outcome_facts" DROP COLUMN "followed_days";--> statement-breakpoint
-- Derived rows only (start-up recomputes them from the records with the new rules): emptied so the
-- next migration can add its NOT NULL columns.
DELETE FROM "outcome_facts";