-- Each API process keeps resolved sessions for a few seconds (http/auth.ts). It listens on channel
-- qm_sessions and forgets a session (payload 's<id>') or every session of a user ('u<id>') when one
-- of these triggers says it changed, whoever changed it: a sign-out on another process, a job, plain
-- SQL. A session's last use (last_seen_at) is not such a change.
CREATE FUNCTION qm_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('qm_sessions', 's' || OLD.id);
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_notify_session AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
        OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.impersonator_id IS DISTINCT FROM NEW.impersonator_id
        OR OLD.parent_session_id IS DISTINCT FROM NEW.parent_session_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash)
  EXECUTE FUNCTION qm_notify_session()
--> statement-breakpoint
CREATE TRIGGER qm_notify_session_delete AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION qm_notify_session()
--> statement-breakpoint
CREATE FUNCTION qm_notify_user_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('qm_sessions', 'u' || OLD.id);
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_notify_user_sessions AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.roles IS DISTINCT FROM NEW.roles
        OR OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION qm_notify_user_sessions()
--> statement-breakpoint
CREATE TRIGGER qm_notify_user_sessions_delete AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION qm_notify_user_sessions()
