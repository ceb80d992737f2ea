-- The shippers' integration (docs/decisions/0021-shippers-api.md): API keys, the merchant's own
-- reference on a parcel, signed webhooks sent through the outbox, and spreadsheet imports.
--
-- An organization's default sender: where API and imported parcels are picked up unless a parcel
-- names its own sender address.
ALTER TABLE "organizations" ADD COLUMN "pickup_city" text;
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "pickup_address" text;
--> statement-breakpoint
-- A key's secret is shown once; only its SHA-256 is kept (the secret is 32 random bytes, so a
-- slow password hash would add nothing but time to every call). `prefix` is what lists show.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE RESTRICT,
	"name" text NOT NULL CHECK (length("name") BETWEEN 1 AND 100),
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_unique" ON "api_keys" ("secret_hash");
--> statement-breakpoint
CREATE INDEX "api_keys_organization_idx" ON "api_keys" ("organization_id", "created_at" DESC);
--> statement-breakpoint
-- One upload of a spreadsheet: every row as checked (its parcel or its errors), kept until it is
-- confirmed, when its valid rows become orders that name the import.
CREATE TABLE "parcel_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE RESTRICT,
	"created_by_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"valid_count" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"status" text DEFAULT 'checked' NOT NULL CHECK ("status" IN ('checked', 'confirmed')),
	"created_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "parcel_imports_organization_idx" ON "parcel_imports" ("organization_id", "created_at" DESC);
--> statement-breakpoint
-- The merchant's own order number (unique per organization), and where an order came from: an
-- API key or an import (both null for the screens' orders).
ALTER TABLE "orders" ADD COLUMN "reference" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "api_key_id" uuid REFERENCES "api_keys"("id") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "import_id" uuid REFERENCES "parcel_imports"("id") ON DELETE RESTRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_organization_reference_unique" ON "orders" ("organization_id", "reference") WHERE "reference" IS NOT NULL;
--> statement-breakpoint
-- /api/v1's change feed: an organization's parcels by last change, paged by (updated_at, id).
CREATE INDEX "orders_organization_updated_idx" ON "orders" ("organization_id", "updated_at", "id");
--> statement-breakpoint
CREATE INDEX "orders_import_idx" ON "orders" ("import_id") WHERE "import_id" IS NOT NULL;
--> statement-breakpoint
-- A webhook endpoint: its signing secret is sealed with a key derived from the server's secret
-- (a copy of the database alone cannot sign). `failing_since` is the first failure since the
-- last success: three days of it disable the endpoint.
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE RESTRICT,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_by_user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text CHECK ("disabled_reason" IS NULL OR "disabled_reason" IN ('owner', 'failing', 'gone')),
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_organization_idx" ON "webhook_endpoints" ("organization_id", "created_at" DESC) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- A webhook delivery is an outbox row: `recipient` is its endpoint's id, `payload` the body it
-- sends (the parcel as it was at the change), `last_status_code` the endpoint's last answer.
ALTER TYPE "outbox_channel" ADD VALUE IF NOT EXISTS 'webhook';
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "payload" jsonb;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "last_status_code" integer;
