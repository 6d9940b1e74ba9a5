ALTER TABLE "outcome_facts" ADD COLUMN "with_baseline" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_evaluable" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_progressed" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_unconfirmed" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_reverted" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_followed_days" integer;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_tests" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_evaluable" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_progressed" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_unconfirmed" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_reverted" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_followed_days" integer;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_tests" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_common_evaluable" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_common_progressed" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_common_unconfirmed" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_common_reverted" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_common_followed_days" integer;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "itt_common_tests" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_common_evaluable" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_common_progressed" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_common_unconfirmed" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_common_reverted" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_common_followed_days" integer;--> statement-breakpoint
ALTER TABLE "outcome_facts" ADD COLUMN "eom_common_tests" integer NOT NULL;