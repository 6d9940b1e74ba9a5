CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_id" bigint,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
-- The canonical form of a row that its hash covers: every field (the time as microseconds since the
-- epoch, so the session's time zone cannot change it) and the previous row's hash, as jsonb text.
CREATE FUNCTION audit_log_digest(r audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  select encode(sha256(convert_to(jsonb_build_array(
    r.id, (extract(epoch from r.at) * 1000000)::bigint, r.actor_id, r.actor_role, r.action, r.entity,
    r.entity_id, r.institution_id, r.request_id, r.ip, r.detail, r.prev_hash
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Existing rows are chained in id order before the triggers below forbid updating them.
DO $$
DECLARE
  r audit_log;
  previous text := repeat('0', 64);
  last bigint;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    r.prev_hash := previous;
    previous := audit_log_digest(r);
    last := r.id;
    UPDATE audit_log SET prev_hash = r.prev_hash, hash = previous WHERE id = r.id;
  END LOOP;
  INSERT INTO audit_chain_head (id, last_id, last_hash) VALUES (1, last, previous);
END $$;--> statement-breakpoint
-- Each insert locks the head row until its transaction ends, so rows join the chain one at a time
-- across connections and server instances. The id is drawn under that lock, so id order is chain
-- order even when transactions commit in another order than they started.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head;
BEGIN
  SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_chain_head is missing: the audit chain cannot be extended';
  END IF;
  NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
  NEW.prev_hash := head.last_hash;
  NEW.hash := audit_log_digest(NEW);
  UPDATE audit_chain_head SET last_id = NEW.id, last_hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();--> statement-breakpoint
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_chain_head_kept BEFORE DELETE ON audit_chain_head FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
