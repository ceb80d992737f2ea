-- Remittances settle a driver's deliveries oldest first (docs/decisions/0020-merchant-money.md):
-- each reads the driver's orders whose collected cash is not all handed in yet, in delivery
-- order. Settled orders leave this index, so it holds only the cash drivers still carry.
CREATE INDEX "orders_driver_cash_due_idx" ON "orders" USING btree ("driver_id","delivery_date","id") WHERE "cash_collected_centimes" > "cash_handed_in_centimes";
--> statement-breakpoint
-- Cash handed in before this release was never spread over orders: spread each driver's
-- remittances so far over their deliveries, oldest first, as every remittance does from now on.
-- Otherwise the next remittance would settle deliveries long paid for, and leave the new ones
-- (whose ledger rows wait on it) pending.
WITH "remitted" AS (
  SELECT "driver_id", sum("amount_centimes") AS "total" FROM "cash_remittances" GROUP BY "driver_id"
), "spread" AS (
  SELECT "orders"."id",
         "orders"."cash_collected_centimes" AS "collected",
         sum("orders"."cash_collected_centimes") OVER (
           PARTITION BY "orders"."driver_id" ORDER BY "orders"."delivery_date", "orders"."id"
         ) AS "through",
         "remitted"."total"
  FROM "orders" JOIN "remitted" ON "remitted"."driver_id" = "orders"."driver_id"
  WHERE "orders"."cash_collected_centimes" > 0
)
UPDATE "orders"
  SET "cash_handed_in_centimes" = least("spread"."collected", greatest("spread"."total" - ("spread"."through" - "spread"."collected"), 0))
  FROM "spread"
  WHERE "orders"."id" = "spread"."id" AND "spread"."total" > "spread"."through" - "spread"."collected";
