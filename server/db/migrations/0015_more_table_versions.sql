-- More tables get a counter (see 0011): what is kept from them is made again once they change. Home's alerts strip
-- reads the alerts, a project's page its contracts and votes.
INSERT INTO "table_versions" ("name", "version") VALUES ('alerts', 0), ('contracts', 0), ('votes', 0);--> statement-breakpoint
-- One function for every counted table (the projects' own, of 0011, is replaced): it raises the counter named
-- after the table it fires on.
CREATE FUNCTION "bump_table_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "alerts_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "alerts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();--> statement-breakpoint
CREATE TRIGGER "contracts_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contracts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();--> statement-breakpoint
CREATE TRIGGER "votes_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "votes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();--> statement-breakpoint
DROP TRIGGER "projects_version" ON "projects";--> statement-breakpoint
CREATE TRIGGER "projects_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();--> statement-breakpoint
DROP FUNCTION "bump_projects_version"();
