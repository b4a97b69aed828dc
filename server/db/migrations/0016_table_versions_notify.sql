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
