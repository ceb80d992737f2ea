-- Cash orders delivered off their price, short or over (docs/decisions/0018-lists-streams-cash-positions.md):
-- the office's flagged list reads them newest first, as it read the short ones alone before.
DROP INDEX IF EXISTS "orders_cash_short_idx";
--> statement-breakpoint
CREATE INDEX "orders_cash_off_price_idx" ON "orders" USING btree ("delivery_date" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "orders"."cash_collected_centimes" <> "orders"."price_centimes";
