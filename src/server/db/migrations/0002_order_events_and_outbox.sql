CREATE TYPE "public"."order_event_kind" AS ENUM('placed', 'dispatched', 'picked-up', 'delivered', 'delivery-failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('queued', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" "outbox_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The old outbox kept rendered text; its rows move over as the "legacy" template (their kept
-- subject and text), sent or failed as they ended, so the history of what was sent stays.
INSERT INTO "outbox_messages" ("id", "channel", "recipient", "template", "params", "status", "attempts", "next_attempt_at", "last_error", "sent_at", "created_at", "updated_at")
SELECT "id", "channel", "recipient", 'legacy',
  jsonb_strip_nulls(jsonb_build_object('subject', "subject", 'text', "body")),
  CASE WHEN "error" IS NOT NULL AND "sent_at" IS NULL THEN 'failed'::"outbox_status" ELSE 'sent'::"outbox_status" END,
  1, NULL, "error", CASE WHEN "error" IS NOT NULL AND "sent_at" IS NULL THEN NULL ELSE coalesce("sent_at", "created_at") END,
  "created_at", "created_at"
FROM "outbox";--> statement-breakpoint
DROP TABLE "outbox" CASCADE;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "kind" "order_event_kind";--> statement-breakpoint
UPDATE "tracking_events" SET "kind" = CASE "status"
  WHEN 'PENDING' THEN 'placed'::"order_event_kind"
  WHEN 'DELIVERED' THEN 'delivered'::"order_event_kind"
  WHEN 'CANCELLED' THEN 'cancelled'::"order_event_kind"
  ELSE 'dispatched'::"order_event_kind" END;--> statement-breakpoint
ALTER TABLE "tracking_events" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_messages_status_created_idx" ON "outbox_messages" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_seq_unique" ON "tracking_events" USING btree ("seq");