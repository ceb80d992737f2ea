-- A driver is held to the order's amount to collect (the goods' value, plus the price when the
-- receiver pays it; docs/decisions/0020-merchant-money.md), no longer to the price alone: the
-- office's list of deliveries collected off that amount reads the index on the new condition.
DROP INDEX IF EXISTS "orders_cash_off_price_idx";
--> statement-breakpoint
CREATE INDEX "orders_cash_off_price_idx" ON "orders" USING btree ("delivery_date" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "orders"."cash_collected_centimes" <> "orders"."amount_to_collect_centimes";
