-- A second factor (docs/decisions/0015-second-factor-and-sessions.md). One row per account that
-- began enrolling: the TOTP secret sealed with a key derived from the server secret, enabled once
-- a first code confirmed it, and the last time step accepted, so that no code is accepted twice.
CREATE TABLE "second_factors" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"sealed_secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The ten recovery codes shown once at enrolment: only their keyed hashes, each usable once.
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_id_code_hash_unique" ON "recovery_codes" USING btree ("user_id","code_hash");
--> statement-breakpoint
-- What the account's sessions list shows: the browser's user agent and a coarse address (an IPv4
-- /24 or an IPv6 /48, never the full address), both as they were when the session was made.
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address_prefix" text;
