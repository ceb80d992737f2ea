-- Runs: a truck, its driver, a day and ordered stops (docs/decisions/0024-runs-and-planning.md).
-- A truck's volume, optional: only a truck with one is limited by m³ too.
ALTER TABLE "trucks" ADD COLUMN "capacity_m3" numeric(8, 2);
--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_capacity_m3_check" CHECK ("capacity_m3" IS NULL OR "capacity_m3" > 0);
--> statement-breakpoint
CREATE TYPE "public"."run_status" AS ENUM('planned', 'started', 'ended');
--> statement-breakpoint
-- A plan the office asked for: what it was asked and what the solver proposed, kept so that the
-- office confirms exactly what it saw (POST /api/admin/runs/plan/:id/confirm).
CREATE TABLE "run_plans" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "plan_date" date NOT NULL,
  "request" jsonb NOT NULL,
  "proposal" jsonb NOT NULL,
  "created_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
  "confirmed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "truck_id" uuid NOT NULL REFERENCES "trucks"("id") ON DELETE restrict,
  "driver_id" uuid NOT NULL REFERENCES "drivers"("id") ON DELETE restrict,
  "run_date" date NOT NULL,
  "status" "run_status" DEFAULT 'planned' NOT NULL,
  "distance_km" numeric(10, 2) DEFAULT 0 NOT NULL,
  "duration_minutes" integer DEFAULT 0 NOT NULL,
  "plan_id" uuid REFERENCES "run_plans"("id") ON DELETE restrict,
  "created_by" uuid REFERENCES "users"("id") ON DELETE restrict,
  "started_at" timestamp with time zone,
  "ended_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A truck has at most one run that has not ended: the database itself refuses a second, so two
-- offices dispatching the same truck at once cannot both win.
CREATE UNIQUE INDEX "runs_one_active_per_truck" ON "runs" ("truck_id") WHERE "status" <> 'ended';
--> statement-breakpoint
CREATE INDEX "runs_date_idx" ON "runs" ("run_date" DESC NULLS FIRST, "id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "runs_status_date_idx" ON "runs" ("status", "run_date" DESC NULLS FIRST, "id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "runs_driver_status_idx" ON "runs" ("driver_id", "status");
--> statement-breakpoint
-- A stop: the pickup (at the sender's) or the delivery (at the receiver's) of one of the run's
-- orders, in the run's order. `outcome` says how it was done: done, failed (a failed attempt:
-- the driver goes on to the next stop), or dropped (the order left the run: cancelled, sent back).
CREATE TABLE "run_stops" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "run_id" uuid NOT NULL REFERENCES "runs"("id") ON DELETE restrict,
  "position" integer NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
  "kind" text NOT NULL,
  "outcome" text,
  "done_at" timestamp with time zone,
  CONSTRAINT "run_stops_kind_check" CHECK ("kind" IN ('pickup', 'delivery')),
  CONSTRAINT "run_stops_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('done', 'failed', 'dropped')),
  CONSTRAINT "run_stops_done_check" CHECK (("outcome" IS NULL) = ("done_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "run_stops_run_position_unique" ON "run_stops" ("run_id", "position");
--> statement-breakpoint
CREATE UNIQUE INDEX "run_stops_run_order_kind_unique" ON "run_stops" ("run_id", "order_id", "kind");
--> statement-breakpoint
CREATE INDEX "run_stops_order_idx" ON "run_stops" ("order_id");
--> statement-breakpoint
-- The run an order on the road belongs to.
ALTER TABLE "orders" ADD COLUMN "run_id" uuid REFERENCES "runs"("id") ON DELETE restrict;
--> statement-breakpoint
CREATE INDEX "orders_run_idx" ON "orders" ("run_id") WHERE "run_id" IS NOT NULL;
--> statement-breakpoint
-- Many orders may now be on the road with one truck: its run, not this index, keeps the order.
DROP INDEX IF EXISTS "orders_one_in_transit_per_truck";
--> statement-breakpoint
-- Every order on the road before runs existed becomes a run of one, started at its dispatch: its
-- pickup stop (done if it was picked up) then its delivery stop. Statuses compare as text: the
-- values 0025 added cannot be named in the transaction that added them.
INSERT INTO "runs" ("truck_id", "driver_id", "run_date", "status", "distance_km", "duration_minutes", "started_at", "created_at", "updated_at")
SELECT o."truck_id", o."driver_id", (COALESCE(o."exit_date", o."updated_at") AT TIME ZONE 'Africa/Casablanca')::date,
       'started', o."distance_km", o."duration_minutes", COALESCE(o."exit_date", o."updated_at"), now(), now()
FROM "orders" o
WHERE o."status"::text = 'IN_TRANSIT' AND o."truck_id" IS NOT NULL AND o."driver_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "orders" o SET "run_id" = r."id"
FROM "runs" r
WHERE o."status"::text = 'IN_TRANSIT' AND r."truck_id" = o."truck_id" AND r."status" = 'started';
--> statement-breakpoint
INSERT INTO "run_stops" ("run_id", "position", "order_id", "kind", "outcome", "done_at")
SELECT o."run_id", 0, o."id", 'pickup',
       CASE WHEN o."picked_up_at" IS NULL THEN NULL ELSE 'done' END, o."picked_up_at"
FROM "orders" o WHERE o."run_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "run_stops" ("run_id", "position", "order_id", "kind")
SELECT o."run_id", 1, o."id", 'delivery' FROM "orders" o WHERE o."run_id" IS NOT NULL;
--> statement-breakpoint
-- A truck is busy while, and only while, it has a run that has not ended.
UPDATE "trucks" t SET "status" = CASE
  WHEN EXISTS (SELECT 1 FROM "runs" r WHERE r."truck_id" = t."id" AND r."status" <> 'ended') THEN 'ON_DELIVERY'::"truck_status"
  ELSE 'AVAILABLE'::"truck_status" END;
