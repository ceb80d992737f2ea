-- Merchants' money (docs/decisions/0020-merchant-money.md): what an order asks the driver to
-- collect at the door, the organization's bank details, the office's business settings, and the
-- append-only ledger per organization with the totals kept beside it.
ALTER TABLE "orders" ADD COLUMN "cod_amount_centimes" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_paid_by" text DEFAULT 'sender' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "declared_value_centimes" bigint;
--> statement-breakpoint
-- Until now a cash order's driver collected its price at the door: the receiver paid the fee.
UPDATE "orders" SET "fee_paid_by" = 'receiver'
  FROM "payments"
  WHERE "payments"."order_id" = "orders"."id" AND "payments"."method" = 'cash_on_delivery';
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_amount_check" CHECK ("cod_amount_centimes" BETWEEN 0 AND 10000000);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fee_paid_by_check" CHECK ("fee_paid_by" IN ('sender', 'receiver'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_declared_value_check" CHECK ("declared_value_centimes" IS NULL OR "declared_value_centimes" >= 0);
--> statement-breakpoint
-- One rule, kept by the database: the goods' value, plus the price when the receiver pays it.
ALTER TABLE "orders" ADD COLUMN "amount_to_collect_centimes" bigint GENERATED ALWAYS AS ("cod_amount_centimes" + CASE WHEN "fee_paid_by" = 'receiver' THEN "price_centimes" ELSE 0 END) STORED NOT NULL;
--> statement-breakpoint
-- How much of the cash a driver collected on this order has been handed in to the office;
-- remittances settle a driver's deliveries oldest first.
ALTER TABLE "orders" ADD COLUMN "cash_handed_in_centimes" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "rib" text;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "rib_holder" text;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "ice" text;
--> statement-breakpoint
-- The office's business settings: one row, edited at /admin/settings and audited.
CREATE TABLE "business_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"legal_name" text DEFAULT 'Atlas Freight SARL' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"ice" text DEFAULT '' NOT NULL,
	"if_number" text DEFAULT '' NOT NULL,
	"rc" text DEFAULT '' NOT NULL,
	"tp" text DEFAULT '' NOT NULL,
	"patente" text DEFAULT '' NOT NULL,
	"vat_rate_percent" numeric(5, 2) DEFAULT '20' NOT NULL CHECK ("vat_rate_percent" >= 0 AND "vat_rate_percent" <= 100),
	"cod_fee_percent" numeric(5, 2) DEFAULT '0' NOT NULL CHECK ("cod_fee_percent" >= 0 AND "cod_fee_percent" <= 100),
	"payout_minimum_centimes" bigint DEFAULT 10000 NOT NULL CHECK ("payout_minimum_centimes" >= 0),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "business_settings" ("id") VALUES (true);
--> statement-breakpoint
CREATE TYPE "public"."ledger_entry_type" AS ENUM('cod_collected', 'delivery_fee', 'cod_fee', 'payout', 'adjustment');
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"total_centimes" bigint NOT NULL,
	"organization_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid NOT NULL REFERENCES "users"("id"),
	"paid_at" timestamp with time zone,
	"paid_reference" text,
	"marked_paid_by_user_id" uuid REFERENCES "users"("id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_number_unique" ON "payout_batches" USING btree ("number");
--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
-- No foreign key to orders: a ledger row outlives anything (orders are never deleted), and a
-- cascading TRUNCATE of orders must not reach the ledger, which refuses it.
CREATE TABLE "merchant_ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE restrict,
	"type" "ledger_entry_type" NOT NULL,
	"amount_centimes" bigint NOT NULL,
	"balance_after_centimes" bigint NOT NULL,
	"order_id" uuid,
	"payout_batch_id" uuid REFERENCES "payout_batches"("id"),
	"reason" text,
	"created_by_user_id" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- "seq" orders the rows of one organization as their running balances were taken (under the
-- totals' row lock), also when several share one instant (the rows of one delivery).
CREATE INDEX "merchant_ledger_organization_created_idx" ON "merchant_ledger_entries" USING btree ("organization_id","created_at" DESC NULLS FIRST,"seq" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "merchant_ledger_organization_type_created_idx" ON "merchant_ledger_entries" USING btree ("organization_id","type","created_at" DESC NULLS FIRST,"seq" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "merchant_ledger_order_idx" ON "merchant_ledger_entries" USING btree ("order_id") WHERE "order_id" IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "refuse_ledger_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'merchant_ledger_entries rows are never changed or deleted (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "merchant_ledger_append_only" BEFORE UPDATE OR DELETE ON "merchant_ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "refuse_ledger_change"();
--> statement-breakpoint
CREATE TRIGGER "merchant_ledger_no_truncate" BEFORE TRUNCATE ON "merchant_ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_ledger_change"();
--> statement-breakpoint
-- The totals each balance is read from, changed in the transaction of every ledger row:
-- balance = pending + payable + in_payout.
CREATE TABLE "organization_balances" (
	"organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE restrict,
	"balance_centimes" bigint DEFAULT 0 NOT NULL,
	"pending_centimes" bigint DEFAULT 0 NOT NULL,
	"payable_centimes" bigint DEFAULT 0 NOT NULL,
	"in_payout_centimes" bigint DEFAULT 0 NOT NULL,
	"collected_centimes" bigint DEFAULT 0 NOT NULL,
	"fees_centimes" bigint DEFAULT 0 NOT NULL,
	"adjustments_centimes" bigint DEFAULT 0 NOT NULL,
	"paid_out_centimes" bigint DEFAULT 0 NOT NULL,
	"entry_count" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "organization_balances_payable_idx" ON "organization_balances" USING btree ("payable_centimes") WHERE "payable_centimes" > 0;
--> statement-breakpoint
-- The ledger rows not yet in a payout batch. Released once nothing about them waits on a driver's
-- cash; a batch takes (deletes) the released ones, so no row is ever paid twice.
CREATE TABLE "ledger_open_items" (
	"entry_id" uuid PRIMARY KEY NOT NULL REFERENCES "merchant_ledger_entries"("id"),
	"organization_id" uuid NOT NULL,
	"order_id" uuid,
	"amount_centimes" bigint NOT NULL,
	"released" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_open_items_released_idx" ON "ledger_open_items" USING btree ("organization_id") WHERE "released";
--> statement-breakpoint
CREATE INDEX "ledger_open_items_pending_order_idx" ON "ledger_open_items" USING btree ("order_id") WHERE NOT "released";
--> statement-breakpoint
-- What each organization is paid in a batch, with the bank details frozen as they were.
CREATE TABLE "payout_batch_items" (
	"batch_id" uuid NOT NULL REFERENCES "payout_batches"("id"),
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE restrict,
	"amount_centimes" bigint NOT NULL CHECK ("amount_centimes" > 0),
	"rib" text NOT NULL,
	"rib_holder" text NOT NULL,
	"payout_entry_id" uuid REFERENCES "merchant_ledger_entries"("id"),
	CONSTRAINT "payout_batch_items_pk" PRIMARY KEY ("batch_id","organization_id")
);
--> statement-breakpoint
CREATE INDEX "payout_batch_items_organization_idx" ON "payout_batch_items" USING btree ("organization_id","batch_id");
--> statement-breakpoint
-- Every ledger row a batch pays, once: the primary key refuses a second batch.
CREATE TABLE "payout_batch_entries" (
	"entry_id" uuid PRIMARY KEY NOT NULL REFERENCES "merchant_ledger_entries"("id"),
	"batch_id" uuid NOT NULL REFERENCES "payout_batches"("id"),
	"organization_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payout_batch_entries_batch_idx" ON "payout_batch_entries" USING btree ("batch_id","organization_id");
