CREATE TABLE "audit_findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"audit_id" integer NOT NULL,
	"title" text NOT NULL,
	"severity" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"auditor" text NOT NULL,
	"published_on" date NOT NULL,
	"scope" text NOT NULL,
	"commit" text,
	"contracts" text[] DEFAULT '{}'::text[] NOT NULL,
	"report_url" text,
	"source" text DEFAULT 'staff' NOT NULL,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" text,
	"project_name" text NOT NULL,
	"occurred_on" date NOT NULL,
	"type" text NOT NULL,
	"technique" text,
	"loss_usd" real,
	"returned_usd" real,
	"chains" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_url" text,
	"description" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"report_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "kyc_tier" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "kyc_verified_on" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "kyc_scope" text[];--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "price_usd" real;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "price_change_24h_pct" real;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "tvl_usd" real;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "bug_bounty_usd" real;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD COLUMN "incident_id" integer;--> statement-breakpoint
ALTER TABLE "audit_findings" ADD CONSTRAINT "audit_findings_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_findings_audit_idx" ON "audit_findings" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "audits_project_idx" ON "audits" USING btree ("project_id","published_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_occurred_idx" ON "incidents" USING btree ("occurred_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_project_idx" ON "incidents" USING btree ("project_id","occurred_on" DESC NULLS LAST);--> statement-breakpoint
-- Audits, their findings and incidents get a counter (see 0011, 0015): a project's kept page and the kept incident
-- lists are made again once they change.
INSERT INTO "table_versions" ("name", "version") VALUES ('audits', 0), ('audit_findings', 0), ('incidents', 0);--> statement-breakpoint
CREATE TRIGGER "audits_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "audits"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();--> statement-breakpoint
CREATE TRIGGER "audit_findings_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "audit_findings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();--> statement-breakpoint
CREATE TRIGGER "incidents_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "incidents"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();
