-- A new enum value cannot be used in the transaction that adds it (the migration backfills
-- driver accounts below), so the type is rebuilt instead of ALTER TYPE ... ADD VALUE.
ALTER TYPE "public"."role" RENAME TO "role_before_drivers";--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('ADMIN', 'USER', 'DRIVER');--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" TYPE "public"."role" USING "role"::text::"public"."role";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'USER';--> statement-breakpoint
DROP TYPE "public"."role_before_drivers";--> statement-breakpoint
CREATE TABLE "cash_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"amount_centimes" bigint NOT NULL,
	"note" text,
	"recorded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "driver_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"driver_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy_m" double precision,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_sign_in_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotent_requests" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "phone_e164" text;--> statement-breakpoint
-- Every existing driver gets their own account (role DRIVER, no email, no password).
UPDATE "drivers" SET "user_id" = gen_random_uuid();--> statement-breakpoint
INSERT INTO "users" ("id", "role", "created_at", "updated_at")
  SELECT "user_id", 'DRIVER', "created_at", "updated_at" FROM "drivers";--> statement-breakpoint
ALTER TABLE "drivers" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
-- Phones in E.164 as src/shared/phone.ts reads them (Moroccan 0XXXXXXXXX, 212…, 00…, +…).
WITH "compact" AS (
  SELECT "id", regexp_replace("phone", '[\s.()-]', '', 'g') AS "p" FROM "drivers"
), "normalised" AS (
  SELECT "id", CASE
    WHEN "p" ~ '^\+[1-9][0-9]{7,14}$' THEN "p"
    WHEN "p" ~ '^00[1-9][0-9]{7,14}$' THEN '+' || substr("p", 3)
    WHEN "p" ~ '^0[0-9]{9}$' THEN '+212' || substr("p", 2)
    WHEN "p" ~ '^212[0-9]{9}$' THEN '+' || "p"
  END AS "e164" FROM "compact"
)
UPDATE "drivers" SET "phone_e164" = "normalised"."e164"
  FROM "normalised" WHERE "normalised"."id" = "drivers"."id";--> statement-breakpoint
-- Two drivers on one phone cannot both sign in by it: the earliest keeps it.
UPDATE "drivers" SET "phone_e164" = NULL WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "phone_e164" ORDER BY "created_at", "id") AS "n"
    FROM "drivers" WHERE "phone_e164" IS NOT NULL
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_code_nonce" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_collected_centimes" bigint;--> statement-breakpoint
ALTER TABLE "cash_remittances" ADD CONSTRAINT "cash_remittances_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_remittances" ADD CONSTRAINT "cash_remittances_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_sign_in_codes" ADD CONSTRAINT "driver_sign_in_codes_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_remittances_driver_created_idx" ON "cash_remittances" USING btree ("driver_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cash_remittances_created_idx" ON "cash_remittances" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "driver_positions_driver_recorded_idx" ON "driver_positions" USING btree ("driver_id","recorded_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "driver_positions_recorded_idx" ON "driver_positions" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "driver_sign_in_codes_driver_created_idx" ON "driver_sign_in_codes" USING btree ("driver_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_idx" ON "idempotent_requests" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_user_id_unique" ON "drivers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_phone_e164_unique" ON "drivers" USING btree ("phone_e164");--> statement-breakpoint
CREATE INDEX "orders_driver_status_updated_idx" ON "orders" USING btree ("driver_id","status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_driver_cash_idx" ON "orders" USING btree ("driver_id","cash_collected_centimes") WHERE "orders"."cash_collected_centimes" is not null;--> statement-breakpoint
CREATE INDEX "orders_cash_short_idx" ON "orders" USING btree ("delivery_date" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "orders"."cash_collected_centimes" < "orders"."price_centimes";