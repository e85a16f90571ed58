-- Revisions of tables, for caches of what is read from them (list totals, http/list.ts): every
-- statement that writes a table adds one to a counter of that table, in the writing transaction, so
-- a reader sees the sum move exactly when it sees the written rows (same snapshot), whichever
-- process, job or tool wrote them. A cached total is kept with the sum of its tables' counters and
-- answered while the sum is the same.
--
-- Each table has several counters (slots), one chosen by the writing connection, so concurrent
-- writers of one table rarely wait on the same counter row; a revision is the sum of the slots.
CREATE TABLE "qm_table_revisions" (
  "tbl" text NOT NULL,
  "slot" integer NOT NULL,
  "n" bigint NOT NULL DEFAULT 0,
  CONSTRAINT "qm_table_revisions_pkey" PRIMARY KEY ("tbl", "slot")
)
--> statement-breakpoint
CREATE FUNCTION qm_bump_table_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO qm_table_revisions (tbl, slot, n) VALUES (TG_TABLE_NAME, pg_backend_pid() % 16, 1)
  ON CONFLICT (tbl, slot) DO UPDATE SET n = qm_table_revisions.n + 1;
  RETURN NULL;
END $$
--> statement-breakpoint
-- Tracks these tables (idempotent). Every table of the public schema is tracked: an area's migration
-- that creates tables ends with `SELECT qm_track_table_revisions()` (apps/server/test/caches.test.ts
-- fails for a table left out).
CREATE FUNCTION qm_track_table_revisions() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
            WHERE s.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'qm_table_revisions'
              AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'qm_table_revision')
  LOOP
    EXECUTE format('CREATE TRIGGER qm_table_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION qm_bump_table_revision()', t);
  END LOOP;
END $$
--> statement-breakpoint
SELECT qm_track_table_revisions()
