CREATE TABLE "social_activity_series" (
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"start_day" date NOT NULL,
	"values" integer[] NOT NULL,
	CONSTRAINT "social_activity_series_project_id_type_pk" PRIMARY KEY("project_id","type")
);
--> statement-breakpoint
ALTER TABLE "social_activity_series" ADD CONSTRAINT "social_activity_series_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;