CREATE TABLE "login_throttle" (
	"username" text NOT NULL,
	"source" text NOT NULL,
	"failures" smallint DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "login_throttle_username_source_pk" PRIMARY KEY("username","source")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "login_throttle_source_idx" ON "login_throttle" USING btree ("source","last_failure_at");--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "failed_login_window_start";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "locked_until";--> statement-breakpoint
-- The verification codes' HMAC key: 32 bytes from the server's strong random source (two v4 UUIDs,
-- 244 random bits), made once here so every instance on this database shares it.
INSERT INTO "server_secrets" ("name", "value")
VALUES ('code-hmac', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'))
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
-- Codes stored under the unkeyed hash can no longer be checked: spend them (a new one can be asked for).
UPDATE "verification_codes" SET "used_at" = now() WHERE "used_at" IS NULL;--> statement-breakpoint
-- The outbox keeps what went out without the code itself.
UPDATE "sms_outbox" SET "text" = regexp_replace("text", '[0-9]{6}', '******', 'g') WHERE "text" LIKE '%验证码%';
