-- Failed deliveries and returns (docs/decisions/0023-failed-deliveries-and-returns.md).
-- New enum values are added, never used, in this migration: a fresh database runs every
-- migration in one transaction, and PostgreSQL refuses a value added in the same transaction.
-- So no index predicate, default or check below names RETURNING, RETURNED or return_fee (and a
-- later migration that does must compare as text).
ALTER TYPE "order_status" ADD VALUE IF NOT EXISTS 'RETURNING';
--> statement-breakpoint
ALTER TYPE "order_status" ADD VALUE IF NOT EXISTS 'RETURNED';
--> statement-breakpoint
ALTER TYPE "order_event_kind" ADD VALUE IF NOT EXISTS 'rescheduled';
--> statement-breakpoint
ALTER TYPE "order_event_kind" ADD VALUE IF NOT EXISTS 'instructions-added';
--> statement-breakpoint
ALTER TYPE "order_event_kind" ADD VALUE IF NOT EXISTS 'return-started';
--> statement-breakpoint
ALTER TYPE "order_event_kind" ADD VALUE IF NOT EXISTS 'returned';
--> statement-breakpoint
ALTER TYPE "ledger_entry_type" ADD VALUE IF NOT EXISTS 'return_fee';
--> statement-breakpoint
-- The two business settings of returns, edited at /admin/settings.
ALTER TABLE "business_settings" ADD COLUMN "max_delivery_attempts" integer DEFAULT 3 NOT NULL;
--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_max_delivery_attempts_check" CHECK ("max_delivery_attempts" BETWEEN 1 AND 10);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "return_fee_percent" numeric(5, 2) DEFAULT 50 NOT NULL;
--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_return_fee_percent_check" CHECK ("return_fee_percent" BETWEEN 0 AND 100);
--> statement-breakpoint
-- An order's failed attempts, what comes next, and its return. The receiver's link token is
-- derived from a random nonce with a server key (like the delivery code); only its SHA-256 is
-- kept for the lookup, so the database alone opens no receiver's page.
ALTER TABLE "orders" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_attempt_on" date;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "awaiting_decision_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receiver_instructions" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receiver_other_phone" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receiver_token_nonce" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receiver_token_hash" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_started_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "returned_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_reason" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_of" uuid REFERENCES "orders"("id") ON DELETE restrict;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "allow_open" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_failed_attempts_check" CHECK ("failed_attempts" >= 0);
--> statement-breakpoint
-- Failed attempts so far were only tracking events; their count carries over (their reasons were
-- free text, so no delivery_attempts rows are made for them).
UPDATE "orders" SET "failed_attempts" = "failed"."attempts"
FROM (
  SELECT "order_id", count(*)::int AS "attempts" FROM "tracking_events"
  WHERE "kind" = 'delivery-failed' GROUP BY "order_id"
) AS "failed"
WHERE "failed"."order_id" = "orders"."id";
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_receiver_token_hash_unique" ON "orders" ("receiver_token_hash") WHERE "receiver_token_hash" IS NOT NULL;
--> statement-breakpoint
-- One exchange per delivered order.
CREATE UNIQUE INDEX "orders_exchange_of_unique" ON "orders" ("exchange_of") WHERE "exchange_of" IS NOT NULL;
--> statement-breakpoint
-- The returns screens: parcels waiting for a decision (oldest first), and returned ones.
CREATE INDEX "orders_awaiting_decision_idx" ON "orders" ("awaiting_decision_since", "id") WHERE "awaiting_decision_since" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_organization_awaiting_decision_idx" ON "orders" ("organization_id", "awaiting_decision_since", "id") WHERE "awaiting_decision_since" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_returned_idx" ON "orders" ("returned_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) WHERE "returned_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_organization_returned_idx" ON "orders" ("organization_id", "returned_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) WHERE "returned_at" IS NOT NULL;
--> statement-breakpoint
-- Each failed attempt: who, why, and the day the receiver asked for. Kept as written.
CREATE TABLE "delivery_attempts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
  "attempt" integer NOT NULL,
  "reason" text NOT NULL,
  "note" text,
  "next_attempt_on" date,
  "driver_id" uuid REFERENCES "drivers"("id") ON DELETE restrict,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "delivery_attempts_reason_check" CHECK ("reason" IN ('receiver-absent', 'refused', 'wrong-address', 'postponed', 'unreachable', 'other')),
  CONSTRAINT "delivery_attempts_attempt_check" CHECK ("attempt" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_attempts_order_attempt_unique" ON "delivery_attempts" ("order_id", "attempt");
--> statement-breakpoint
CREATE INDEX "delivery_attempts_created_idx" ON "delivery_attempts" ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST);
