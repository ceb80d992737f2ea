-- Labels and hand-over sheets (docs/decisions/0022-labels-manifests-scanning.md).
-- The label format an organization printed last is the one its screens offer next.
ALTER TABLE "organizations" ADD COLUMN "label_format" text DEFAULT '100x150' NOT NULL;
--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_label_format_check" CHECK ("label_format" IN ('a6', '100x150', 'a4'));
--> statement-breakpoint
-- A hand-over sheet: parcels that change hands against two signatures. `dispatch` sheets are the
-- office's (parcels leaving with a driver); `collection` sheets are a merchant's (parcels a driver
-- collects from them) and name the organization. Its lines are kept as printed: amounts and
-- cities do not follow later changes of the orders.
CREATE SEQUENCE "manifest_number_seq";
--> statement-breakpoint
CREATE TABLE "manifests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "number" bigint DEFAULT nextval('manifest_number_seq') NOT NULL,
  "kind" text NOT NULL,
  "organization_id" uuid REFERENCES "organizations"("id") ON DELETE restrict,
  "driver_id" uuid REFERENCES "drivers"("id") ON DELETE restrict,
  "truck_id" uuid REFERENCES "trucks"("id") ON DELETE restrict,
  "created_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
  "parcel_count" integer NOT NULL,
  "total_to_collect_centimes" bigint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "manifests_kind_check" CHECK ("kind" IN ('dispatch', 'collection')),
  CONSTRAINT "manifests_collection_organization_check" CHECK ("kind" = 'dispatch' OR "organization_id" IS NOT NULL),
  CONSTRAINT "manifests_parcel_count_check" CHECK ("parcel_count" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "manifests_number_unique" ON "manifests" ("number");
--> statement-breakpoint
CREATE INDEX "manifests_created_idx" ON "manifests" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "manifests_organization_created_idx" ON "manifests" ("organization_id", "created_at" DESC, "id" DESC) WHERE "organization_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "manifests_driver_created_idx" ON "manifests" ("driver_id", "created_at" DESC) WHERE "driver_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "manifest_parcels" (
  "manifest_id" uuid NOT NULL REFERENCES "manifests"("id") ON DELETE restrict,
  "position" integer NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
  "receiver_city" text NOT NULL,
  "amount_to_collect_centimes" bigint NOT NULL,
  CONSTRAINT "manifest_parcels_pk" PRIMARY KEY ("manifest_id", "position"),
  CONSTRAINT "manifest_parcels_order_once" UNIQUE ("manifest_id", "order_id")
);
--> statement-breakpoint
CREATE INDEX "manifest_parcels_order_idx" ON "manifest_parcels" ("order_id");
