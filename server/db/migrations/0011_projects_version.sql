CREATE TABLE "table_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "table_versions" ("name", "version") VALUES ('projects', 0);--> statement-breakpoint
-- Every statement that writes projects raises its counter, in its own transaction: the new counter becomes visible
-- exactly when the rows it counts do.
CREATE FUNCTION "bump_projects_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'projects';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "projects_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_projects_version"();
