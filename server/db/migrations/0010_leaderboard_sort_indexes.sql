CREATE INDEX "projects_name_idx" ON "projects" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "projects_audit_date_idx" ON "projects" USING btree ("audit_date" DESC NULLS LAST);