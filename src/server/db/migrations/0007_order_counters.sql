CREATE TABLE "customer_order_counts" (
	"user_id" uuid NOT NULL,
	"status" "order_status" NOT NULL,
	"orders" bigint NOT NULL,
	CONSTRAINT "customer_order_counts_user_id_status_pk" PRIMARY KEY("user_id","status")
);
--> statement-breakpoint
CREATE TABLE "order_counts" (
	"status" "order_status" PRIMARY KEY NOT NULL,
	"orders" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_hourly_totals" (
	"hour" timestamp PRIMARY KEY NOT NULL,
	"orders" bigint NOT NULL,
	"paid_centimes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_totals" (
	"status" "payment_status" PRIMARY KEY NOT NULL,
	"payments" bigint NOT NULL,
	"amount_centimes" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_order_counts" ADD CONSTRAINT "customer_order_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Counters (docs/architecture.md, "Counters"). Statement-level triggers see a statement's rows
-- as transition tables, so a bulk insert of a million orders costs one aggregate per counter.
-- Every trigger writes its counters in one order of tables, order_counts,
-- customer_order_counts, order_hourly_totals, payment_totals (orders are written before their
-- payment in every transaction of the lifecycle), and rows in key order within a table
-- (ORDER BY), so two transactions never wait on each other's counter rows in a cycle.
CREATE FUNCTION "count_inserted_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_counts" AS "counts" ("status", "orders")
    SELECT "status", count(*) FROM "inserted_orders" GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
  INSERT INTO "customer_order_counts" AS "counts" ("user_id", "status", "orders")
    SELECT "user_id", "status", count(*) FROM "inserted_orders"
    GROUP BY "user_id", "status" ORDER BY "user_id", "status"
    ON CONFLICT ("user_id", "status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
  INSERT INTO "order_hourly_totals" AS "totals" ("hour", "orders", "paid_centimes")
    SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", count(*), 0
    FROM "inserted_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("hour") DO UPDATE SET "orders" = "totals"."orders" + "excluded"."orders";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "count_deleted_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_counts" AS "counts" ("status", "orders")
    SELECT "status", -count(*) FROM "deleted_orders" GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
  INSERT INTO "customer_order_counts" AS "counts" ("user_id", "status", "orders")
    SELECT "user_id", "status", -count(*) FROM "deleted_orders"
    GROUP BY "user_id", "status" ORDER BY "user_id", "status"
    ON CONFLICT ("user_id", "status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
  INSERT INTO "order_hourly_totals" AS "totals" ("hour", "orders", "paid_centimes")
    SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", -count(*), 0
    FROM "deleted_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("hour") DO UPDATE SET "orders" = "totals"."orders" + "excluded"."orders";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An update counts its new rows in and its old rows out; keys where the two cancel (the status,
-- customer and creation hour did not change) are left alone, so most updates lock no counter.
CREATE FUNCTION "count_updated_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_counts" AS "counts" ("status", "orders")
    SELECT "status", sum("sign") FROM (
      SELECT "status", 1 AS "sign" FROM "new_orders"
      UNION ALL SELECT "status", -1 FROM "old_orders"
    ) AS "changes"
    GROUP BY "status" HAVING sum("sign") <> 0 ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
  INSERT INTO "customer_order_counts" AS "counts" ("user_id", "status", "orders")
    SELECT "user_id", "status", sum("sign") FROM (
      SELECT "user_id", "status", 1 AS "sign" FROM "new_orders"
      UNION ALL SELECT "user_id", "status", -1 FROM "old_orders"
    ) AS "changes"
    GROUP BY "user_id", "status" HAVING sum("sign") <> 0 ORDER BY "user_id", "status"
    ON CONFLICT ("user_id", "status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
  INSERT INTO "order_hourly_totals" AS "totals" ("hour", "orders", "paid_centimes")
    SELECT "hour", sum("sign"), 0 FROM (
      SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", 1 AS "sign"
      FROM "new_orders"
      UNION ALL SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC'), -1 FROM "old_orders"
    ) AS "changes"
    GROUP BY "hour" HAVING sum("sign") <> 0 ORDER BY "hour"
    ON CONFLICT ("hour") DO UPDATE SET "orders" = "totals"."orders" + "excluded"."orders";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "reset_order_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_counts" SET "orders" = 0;
  DELETE FROM "customer_order_counts";
  UPDATE "order_hourly_totals" SET "orders" = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The centimes of paid payments per UTC hour of payment: an insert adds them, a delete takes
-- them away, an update moves them (into or out of 'paid', another amount or hour).
CREATE FUNCTION "count_inserted_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_hourly_totals" AS "totals" ("hour", "orders", "paid_centimes")
    SELECT date_trunc('hour', "paid_at" AT TIME ZONE 'UTC') AS "hour", 0, sum("amount_centimes")
    FROM "inserted_payments" WHERE "status" = 'paid' AND "paid_at" IS NOT NULL
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("hour") DO UPDATE
      SET "paid_centimes" = "totals"."paid_centimes" + "excluded"."paid_centimes";
  INSERT INTO "payment_totals" AS "totals" ("status", "payments", "amount_centimes")
    SELECT "status", count(*), sum("amount_centimes") FROM "inserted_payments"
    GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET
      "payments" = "totals"."payments" + "excluded"."payments",
      "amount_centimes" = "totals"."amount_centimes" + "excluded"."amount_centimes";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "count_deleted_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_hourly_totals" AS "totals" ("hour", "orders", "paid_centimes")
    SELECT date_trunc('hour', "paid_at" AT TIME ZONE 'UTC') AS "hour", 0, -sum("amount_centimes")
    FROM "deleted_payments" WHERE "status" = 'paid' AND "paid_at" IS NOT NULL
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("hour") DO UPDATE
      SET "paid_centimes" = "totals"."paid_centimes" + "excluded"."paid_centimes";
  INSERT INTO "payment_totals" AS "totals" ("status", "payments", "amount_centimes")
    SELECT "status", -count(*), -sum("amount_centimes") FROM "deleted_payments"
    GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET
      "payments" = "totals"."payments" + "excluded"."payments",
      "amount_centimes" = "totals"."amount_centimes" + "excluded"."amount_centimes";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "count_updated_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_hourly_totals" AS "totals" ("hour", "orders", "paid_centimes")
    SELECT "hour", 0, sum("centimes") FROM (
      SELECT date_trunc('hour', "paid_at" AT TIME ZONE 'UTC') AS "hour",
        "amount_centimes" AS "centimes"
      FROM "new_payments" WHERE "status" = 'paid' AND "paid_at" IS NOT NULL
      UNION ALL SELECT date_trunc('hour', "paid_at" AT TIME ZONE 'UTC'), -"amount_centimes"
      FROM "old_payments" WHERE "status" = 'paid' AND "paid_at" IS NOT NULL
    ) AS "changes"
    GROUP BY "hour" HAVING sum("centimes") <> 0 ORDER BY "hour"
    ON CONFLICT ("hour") DO UPDATE
      SET "paid_centimes" = "totals"."paid_centimes" + "excluded"."paid_centimes";
  INSERT INTO "payment_totals" AS "totals" ("status", "payments", "amount_centimes")
    SELECT "status", sum("sign"), sum("centimes") FROM (
      SELECT "status", 1 AS "sign", "amount_centimes" AS "centimes" FROM "new_payments"
      UNION ALL SELECT "status", -1, -"amount_centimes" FROM "old_payments"
    ) AS "changes"
    GROUP BY "status" HAVING sum("sign") <> 0 OR sum("centimes") <> 0 ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET
      "payments" = "totals"."payments" + "excluded"."payments",
      "amount_centimes" = "totals"."amount_centimes" + "excluded"."amount_centimes";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "reset_payment_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_hourly_totals" SET "paid_centimes" = 0;
  DELETE FROM "payment_totals";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_count_inserted" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "inserted_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_count_updated" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_updated_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_count_deleted" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "deleted_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_reset_counters" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "reset_order_counters"();--> statement-breakpoint
CREATE TRIGGER "payments_count_inserted" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS "inserted_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_payments"();--> statement-breakpoint
CREATE TRIGGER "payments_count_updated" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS "old_payments" NEW TABLE AS "new_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_updated_payments"();--> statement-breakpoint
CREATE TRIGGER "payments_count_deleted" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS "deleted_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_payments"();--> statement-breakpoint
CREATE TRIGGER "payments_reset_counters" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "reset_payment_counters"();--> statement-breakpoint
-- The backfill comes after the triggers: creating them locked orders and payments against
-- writes until this migration commits, and each statement below sees every row committed
-- before, so no order is counted twice or missed.
INSERT INTO "order_counts" ("status", "orders")
  SELECT "status", count(*) FROM "orders" GROUP BY "status";--> statement-breakpoint
INSERT INTO "customer_order_counts" ("user_id", "status", "orders")
  SELECT "user_id", "status", count(*) FROM "orders" GROUP BY "user_id", "status";--> statement-breakpoint
INSERT INTO "order_hourly_totals" ("hour", "orders", "paid_centimes")
  SELECT "hour", sum("orders"), sum("paid_centimes") FROM (
    SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", 1 AS "orders",
      0 AS "paid_centimes"
    FROM "orders"
    UNION ALL SELECT date_trunc('hour', "paid_at" AT TIME ZONE 'UTC'), 0, "amount_centimes"
    FROM "payments" WHERE "status" = 'paid' AND "paid_at" IS NOT NULL
  ) AS "figures"
  GROUP BY "hour";--> statement-breakpoint
INSERT INTO "payment_totals" ("status", "payments", "amount_centimes")
  SELECT "status", count(*), sum("amount_centimes") FROM "payments" GROUP BY "status";
