-- The office's payouts (docs/decisions/0020-merchant-money.md, "Payouts"): the per-year counter
-- that numbers payout batches VR-<year>-<6 digits> without gaps, and money notices in the app.
-- A batch takes its year's row with an upsert, whose row lock is held until the batch commits:
-- two batches at once queue there, and a batch that rolls back gives its number back.
CREATE TABLE "payout_batch_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL CHECK ("last_number" BETWEEN 1 AND 999999)
);
--> statement-breakpoint
-- Notifications were only about orders (kind: an order event). A money notice names its own kind
-- and keeps its facts in params, written in the reader's language when read, as order notices are.
ALTER TABLE "notifications" ADD COLUMN "notice" text;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_notice_check" CHECK ("notice" IS NULL OR "notice" IN ('payout_paid'));
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_text_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_text_check" CHECK ("kind" IS NOT NULL OR "notice" IS NOT NULL OR ("title" IS NOT NULL AND "body" IS NOT NULL));
