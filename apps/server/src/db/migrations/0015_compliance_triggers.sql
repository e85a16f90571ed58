-- The compliance rule revision: one row, moved by every statement that changes a rule, a restriction
-- type, a zip code group or a restriction's zip code groups, and by changes of the catalogue rows the
-- compiled rules read (the category tree, brand and attribute names). Each API process keeps its
-- compiled rules with the revision they were built at and reads this row once per check.
INSERT INTO "compliance_revision" ("id", "revision") VALUES (1, 0)
--> statement-breakpoint
CREATE FUNCTION qm_compliance_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE compliance_revision SET revision = revision + 1 WHERE id = 1;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_compliance_touch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "compliance_restrictions" FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_touch()
--> statement-breakpoint
CREATE TRIGGER qm_compliance_touch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "compliance_restriction_types" FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_touch()
--> statement-breakpoint
CREATE TRIGGER qm_compliance_touch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "compliance_restriction_zip_groups" FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_touch()
--> statement-breakpoint
CREATE TRIGGER qm_compliance_touch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "zip_code_groups" FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_touch()
--> statement-breakpoint
CREATE TRIGGER qm_compliance_touch AFTER INSERT OR UPDATE OF parent_id, name OR DELETE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_touch()
--> statement-breakpoint
CREATE TRIGGER qm_compliance_touch AFTER UPDATE OF name OR DELETE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_touch()
--> statement-breakpoint
CREATE TRIGGER qm_compliance_touch AFTER UPDATE OF name, type OR DELETE ON "attributes" FOR EACH STATEMENT EXECUTE FUNCTION qm_compliance_touch()
