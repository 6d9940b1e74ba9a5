CREATE TABLE "indicator_facts" (
	"patient_id" integer PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"facts" jsonb NOT NULL,
	"rules_version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indicator_targets" (
	"key" text PRIMARY KEY NOT NULL,
	"target" numeric NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "indicator_facts" ADD CONSTRAINT "indicator_facts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_targets" ADD CONSTRAINT "indicator_targets_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "indicator_facts_institution_idx" ON "indicator_facts" USING btree ("institution_id");