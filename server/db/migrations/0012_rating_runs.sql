CREATE TABLE "rating_runs" (
	"scope" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
