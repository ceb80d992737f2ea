-- docs/decisions/0017-security-review.md, "Driver sign-in codes": after 10 wrong codes in 24 hours
-- a driver's phone sign-in stays locked until the office unlocks it.
ALTER TABLE "drivers" ADD COLUMN "sign_in_locked_at" timestamp with time zone;
--> statement-breakpoint
-- One row per wrong code entered for a driver: the lock counts those of the last 24 hours.
CREATE TABLE "driver_sign_in_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driver_sign_in_failures" ADD CONSTRAINT "driver_sign_in_failures_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "driver_sign_in_failures_driver_created_idx" ON "driver_sign_in_failures" USING btree ("driver_id","created_at");
--> statement-breakpoint
-- docs/decisions/0017-security-review.md, "Attempt limits across processes": on PostgreSQL without
-- Redis, every process counts attempts here: one row per key and its current window (which starts
-- at the key's first attempt), raised by one atomic upsert; rows of ended windows are swept.
CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_counters_expires_idx" ON "attempt_counters" USING btree ("expires_at");
--> statement-breakpoint
-- docs/decisions/0017-security-review.md, "Message texts": on a local run without an SMS gateway
-- the admin reads each SMS's text (a driver's sign-in code) on the Messages screen, not in the log.
ALTER TABLE "outbox_messages" ADD COLUMN "local_text" text;
