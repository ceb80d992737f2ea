-- Organizations (docs/decisions/0014-organizations.md): every customer account belongs to one, with
-- a role; orders belong to the organization and keep who created them (orders.user_id).
CREATE TYPE "org_role" AS ENUM('owner', 'staff', 'accountant');
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organization_id" uuid;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "org_role" "org_role";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_name" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "organization_id" uuid;
--> statement-breakpoint
-- Every existing customer becomes the owner of an organization of their own, named after their
-- company or their full name. The organization takes the customer's id, so that the orders find
-- theirs without a mapping table; organizations made later get ids of their own.
INSERT INTO "organizations" ("id", "name", "created_at")
  SELECT "users"."id",
    coalesce("company_profiles"."company_name", "individual_profiles"."full_name", "users"."email", 'Customer'),
    "users"."created_at"
  FROM "users"
  LEFT JOIN "company_profiles" ON "company_profiles"."user_id" = "users"."id"
  LEFT JOIN "individual_profiles" ON "individual_profiles"."user_id" = "users"."id"
  WHERE "users"."role" = 'USER';
--> statement-breakpoint
UPDATE "users" SET "organization_id" = "id", "org_role" = 'owner' WHERE "role" = 'USER';
--> statement-breakpoint
-- Before the counters' functions change below: the update trigger of 0007 sees no status or
-- customer change here, so it writes no counter.
UPDATE "orders" SET "organization_id" = "user_id";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "organization_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- A member has both an organization and a role, or neither (administrators, drivers, and a member
-- an owner removed, who can no longer sign in); only customers belong to one.
ALTER TABLE "users" ADD CONSTRAINT "users_organization_role_check" CHECK (("organization_id" is null) = ("org_role" is null) and ("role" = 'USER' or "organization_id" is null));
--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "users" USING btree ("organization_id","created_at");
--> statement-breakpoint
CREATE TABLE "organization_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"org_role" "org_role" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"invited_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_token_hash_unique" ON "organization_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "organization_invitations_organization_idx" ON "organization_invitations" USING btree ("organization_id","created_at");
--> statement-breakpoint
-- The customer lists read an organization's orders newest first, from these indexes (they replace
-- the user-keyed one; orders_user_created_idx stays for the back office's search by customer).
DROP INDEX "orders_user_status_created_idx";
--> statement-breakpoint
CREATE INDEX "orders_organization_created_idx" ON "orders" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "orders_organization_status_created_idx" ON "orders" USING btree ("organization_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
-- The per-customer counters of 0007 become per organization; the functions keep their names, so
-- the triggers of 0007 call the new bodies.
CREATE TABLE "organization_order_counts" (
	"organization_id" uuid NOT NULL,
	"status" "order_status" NOT NULL,
	"orders" bigint NOT NULL,
	CONSTRAINT "organization_order_counts_organization_id_status_pk" PRIMARY KEY("organization_id","status")
);
--> statement-breakpoint
ALTER TABLE "organization_order_counts" ADD CONSTRAINT "organization_order_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_inserted_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_counts" AS "counts" ("status", "orders")
    SELECT "status", count(*) FROM "inserted_orders" GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
  INSERT INTO "organization_order_counts" AS "counts" ("organization_id", "status", "orders")
    SELECT "organization_id", "status", count(*) FROM "inserted_orders"
    GROUP BY "organization_id", "status" ORDER BY "organization_id", "status"
    ON CONFLICT ("organization_id", "status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
  INSERT INTO "order_hourly_totals" AS "totals" ("hour", "orders", "paid_centimes")
    SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", count(*), 0
    FROM "inserted_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("hour") DO UPDATE SET "orders" = "totals"."orders" + "excluded"."orders";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_deleted_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_counts" AS "counts" ("status", "orders")
    SELECT "status", -count(*) FROM "deleted_orders" GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
  INSERT INTO "organization_order_counts" AS "counts" ("organization_id", "status", "orders")
    SELECT "organization_id", "status", -count(*) FROM "deleted_orders"
    GROUP BY "organization_id", "status" ORDER BY "organization_id", "status"
    ON CONFLICT ("organization_id", "status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
  INSERT INTO "order_hourly_totals" AS "totals" ("hour", "orders", "paid_centimes")
    SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", -count(*), 0
    FROM "deleted_orders" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("hour") DO UPDATE SET "orders" = "totals"."orders" + "excluded"."orders";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_updated_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_counts" AS "counts" ("status", "orders")
    SELECT "status", sum("sign") FROM (
      SELECT "status", 1 AS "sign" FROM "new_orders"
      UNION ALL SELECT "status", -1 FROM "old_orders"
    ) AS "changes"
    GROUP BY "status" HAVING sum("sign") <> 0 ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
  INSERT INTO "organization_order_counts" AS "counts" ("organization_id", "status", "orders")
    SELECT "organization_id", "status", sum("sign") FROM (
      SELECT "organization_id", "status", 1 AS "sign" FROM "new_orders"
      UNION ALL SELECT "organization_id", "status", -1 FROM "old_orders"
    ) AS "changes"
    GROUP BY "organization_id", "status" HAVING sum("sign") <> 0 ORDER BY "organization_id", "status"
    ON CONFLICT ("organization_id", "status") DO UPDATE SET "orders" = "counts"."orders" + "excluded"."orders";
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
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "reset_order_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_counts" SET "orders" = 0;
  DELETE FROM "organization_order_counts";
  UPDATE "order_hourly_totals" SET "orders" = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "organization_order_counts" ("organization_id", "status", "orders")
  SELECT "organization_id", "status", count(*) FROM "orders" GROUP BY "organization_id", "status";
--> statement-breakpoint
DROP TABLE "customer_order_counts";
--> statement-breakpoint
-- A member's organization or role changed: every instance forgets the session checks it remembers
-- (0008), so the new role applies to the member's next request whatever instance answers it.
CREATE TRIGGER "users_organization_changed" AFTER UPDATE OF "organization_id", "org_role" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_revoked"();
