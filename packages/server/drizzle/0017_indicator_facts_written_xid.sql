ALTER TABLE "indicator_facts" ADD COLUMN "written_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "indicator_facts_written_xid_idx" ON "indicator_facts" USING btree ("written_xid");--> statement-breakpoint
CREATE INDEX "patients_voided_idx" ON "patients" USING btree ("id") WHERE "patients"."voided_at" is not null;--> statement-breakpoint
-- Which transaction last wrote each indicator_facts row (docs/indicators.md, "Cost and consistency"):
-- the in-process cache re-reads the rows written at or after the snapshot xmin of its previous read.
-- pg_current_xact_id() is the 64-bit id (epoch included), so it only grows, wraparound included.
create or replace function indicator_facts_written_xid() returns trigger language plpgsql as $$
begin
  new.written_xid := pg_current_xact_id()::text::bigint;
  return new;
end;
$$;
--> statement-breakpoint
drop trigger if exists indicator_facts_written_xid on "indicator_facts";
--> statement-breakpoint
create trigger indicator_facts_written_xid before insert or update on "indicator_facts"
  for each row execute function indicator_facts_written_xid();
--> statement-breakpoint
-- The patient's own columns the indicators read live (loadScopedFacts, db/queries/indicator-scope.ts):
-- a change to one of them touches the patient's facts row, so that its written_xid moves too.
create or replace function patient_indicator_columns_touch() returns trigger language plpgsql as $$
begin
  update "indicator_facts" set written_xid = 0 where patient_id = new.id;
  return null;
end;
$$;
--> statement-breakpoint
drop trigger if exists patient_indicator_columns_touch on "patients";
--> statement-breakpoint
create trigger patient_indicator_columns_touch
  after update of institution_id, created_by, cohort, comparison_role, enrolled_at, end_management, ended_at,
    follow_up_status, follow_up_status_at, voided_at on "patients"
  for each row
  when (old.institution_id is distinct from new.institution_id
    or old.created_by is distinct from new.created_by
    or old.cohort is distinct from new.cohort
    or old.comparison_role is distinct from new.comparison_role
    or old.enrolled_at is distinct from new.enrolled_at
    or old.end_management is distinct from new.end_management
    or old.ended_at is distinct from new.ended_at
    or old.follow_up_status is distinct from new.follow_up_status
    or old.follow_up_status_at is distinct from new.follow_up_status_at
    or old.voided_at is distinct from new.voided_at)
  execute function patient_indicator_columns_touch();
--> statement-breakpoint
-- The rows already stored count as written by this migration's transaction.
update "indicator_facts" set written_xid = 0;
