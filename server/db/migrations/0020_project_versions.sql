CREATE TABLE "project_versions" (
	"project_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A counter per project (see 0011 for the tables' counters): a project's page, cached, is made again when the
-- project changes, not when any project gets a vote. Every statement that writes a project's row, contracts, votes,
-- alerts, audits or incidents raises the counters of the projects it wrote, in its own transaction.
INSERT INTO "project_versions" ("project_id", "version") SELECT "id", 0 FROM "projects";--> statement-breakpoint
-- TG_ARGV[0] names the column holding the project's id. The statement's rows come as transition tables (new_rows,
-- old_rows), so a write of many rows costs one upsert, not one per row; the ids are sorted so that two writers
-- lock the counters in the same order. A session that listens on "project_versions" (PGlite's server, see 0016) is
-- told which projects changed, or '' for "any" when there are many.
CREATE FUNCTION "bump_project_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "project_versions" SET "version" = "version" + 1;
  ELSE
    EXECUTE format(
      CASE TG_OP
        WHEN 'INSERT' THEN 'SELECT array_agg(DISTINCT %1$I ORDER BY %1$I) FROM new_rows WHERE %1$I IS NOT NULL'
        WHEN 'DELETE' THEN 'SELECT array_agg(DISTINCT %1$I ORDER BY %1$I) FROM old_rows WHERE %1$I IS NOT NULL'
        ELSE 'SELECT array_agg(p ORDER BY p) FROM (SELECT %1$I AS p FROM new_rows UNION SELECT %1$I FROM old_rows) AS u WHERE p IS NOT NULL'
      END,
      TG_ARGV[0]) INTO changed;
    IF changed IS NULL THEN
      RETURN NULL;
    END IF;
    INSERT INTO "project_versions" ("project_id", "version")
      SELECT id, 1 FROM unnest(changed) WITH ORDINALITY AS c(id, n) ORDER BY n
      ON CONFLICT ("project_id") DO UPDATE SET "version" = "project_versions"."version" + 1;
  END IF;
  IF 'project_versions' IN (SELECT pg_listening_channels()) THEN
    IF changed IS NULL OR cardinality(changed) > 100 THEN
      PERFORM pg_notify('project_versions', '');
    ELSE
      PERFORM pg_notify('project_versions', id) FROM unnest(changed) AS c(id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Four triggers a table (a trigger with transition tables fires on one kind of statement), named
-- <table>_project_version_<insert|update|delete|truncate>.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('projects', 'id'), ('contracts', 'project_id'), ('votes', 'project_id'),
      ('alerts', 'project_id'), ('audits', 'project_id'), ('incidents', 'project_id')) AS v(tbl, col) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_versions"(%L)', t.tbl || '_project_version_insert', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_versions"(%L)', t.tbl || '_project_version_update', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_versions"(%L)', t.tbl || '_project_version_delete', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_versions"(%L)', t.tbl || '_project_version_truncate', t.tbl, t.col);
  END LOOP;
END
$$;
