-- The announcements get a counter too (see 0011, 0015): every page carries the active one.
INSERT INTO "table_versions" ("name", "version") VALUES ('announcements', 0);--> statement-breakpoint
CREATE TRIGGER "announcements_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "announcements"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();--> statement-breakpoint
-- A session that listens on "table_versions" is told of each counted write (see 0015) when it commits: PGlite's
-- server, whose one session runs every write, then reads the versions again only after a change instead of for every
-- kept answer (server/projects/kept.ts). PostgreSQL's pooled sessions never listen, so they queue no notices.
CREATE OR REPLACE FUNCTION "bump_table_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = TG_TABLE_NAME;
  IF 'table_versions' IN (SELECT pg_listening_channels()) THEN
    PERFORM pg_notify('table_versions', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
