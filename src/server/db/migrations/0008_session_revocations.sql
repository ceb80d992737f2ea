-- Session checks remembered for a moment (docs/decisions/0012-speed-at-scale.md): every instance
-- forgets the checks it remembers when a session is revoked or ended, or a driver's account is
-- (de)activated, whatever statement did it. Statement-level, and sent at commit only.
CREATE FUNCTION "notify_sessions_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_revoked', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_revoked" AFTER UPDATE OF "revoked_at" OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_revoked"();
--> statement-breakpoint
CREATE TRIGGER "drivers_deactivated" AFTER UPDATE OF "deactivated_at" OR DELETE ON "drivers"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_revoked"();
