CREATE TABLE "user_counts" (
	"role" "role" PRIMARY KEY NOT NULL,
	"users" bigint NOT NULL
);
--> statement-breakpoint
-- Accounts by role, kept like the order counters of 0007 (docs/architecture.md, "Counters"):
-- statement-level triggers in the transaction of every change, so the admin dashboard's count of
-- web users reads three rows however many accounts there are.
INSERT INTO "user_counts" ("role", "users")
  SELECT "role", count(*) FROM "users" GROUP BY "role";
--> statement-breakpoint
-- Inserted accounts count in and deleted ones out: both triggers name their rows "changed_users".
CREATE FUNCTION "count_added_or_removed_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_counts" AS "counts" ("role", "users")
    SELECT "role", CASE TG_OP WHEN 'INSERT' THEN count(*) ELSE -count(*) END
    FROM "changed_users" GROUP BY "role" ORDER BY "role"
    ON CONFLICT ("role") DO UPDATE SET "users" = "counts"."users" + "excluded"."users";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Roles that did not change cancel out, so most updates of an account lock no counter.
CREATE FUNCTION "count_updated_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_counts" AS "counts" ("role", "users")
    SELECT "role", sum("sign") FROM (
      SELECT "role", 1 AS "sign" FROM "new_users"
      UNION ALL SELECT "role", -1 FROM "old_users"
    ) AS "changes"
    GROUP BY "role" HAVING sum("sign") <> 0 ORDER BY "role"
    ON CONFLICT ("role") DO UPDATE SET "users" = "counts"."users" + "excluded"."users";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_count_inserted" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "changed_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_added_or_removed_users"();
--> statement-breakpoint
CREATE TRIGGER "users_count_deleted" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "changed_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_added_or_removed_users"();
--> statement-breakpoint
CREATE TRIGGER "users_count_updated" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS "old_users" NEW TABLE AS "new_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_updated_users"();
--> statement-breakpoint
CREATE FUNCTION "reset_user_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "user_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_reset_counts" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "reset_user_counts"();
