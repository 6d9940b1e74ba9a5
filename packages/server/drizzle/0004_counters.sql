-- The counters of the personal centre and the doctor's bell (src/db/schema/counters.ts). Their triggers
-- and the first count are installed after the migrations by installCounters (src/db/queries/counters.ts):
-- the trigger bodies are rendered from the lists' SQL predicates, which live in code.
CREATE TABLE "patient_counters" (
	"institution_id" integer PRIMARY KEY NOT NULL,
	"managed" integer DEFAULT 0 NOT NULL,
	"managed_completed" integer DEFAULT 0 NOT NULL,
	"managed_uncompleted" integer DEFAULT 0 NOT NULL,
	"managed_in_management" integer DEFAULT 0 NOT NULL,
	"managed_ended" integer DEFAULT 0 NOT NULL,
	"comparison" integer DEFAULT 0 NOT NULL,
	"comparison_early" integer DEFAULT 0 NOT NULL,
	"comparison_diabetes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unfilled_reminder_days" (
	"institution_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"patients" integer NOT NULL,
	CONSTRAINT "unfilled_reminder_days_institution_id_due_date_pk" PRIMARY KEY("institution_id","due_date")
);
