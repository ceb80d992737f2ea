-- Session limits by role (docs/decisions/0011-hardening.md): a session now ends after a time
-- without use, counted from its last request. Sessions that exist count from their start.
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "last_seen_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_seen_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_seen_at" SET NOT NULL;
