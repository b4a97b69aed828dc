ALTER TABLE "watchlists" ADD COLUMN "share_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "watchlists_share_token_idx" ON "watchlists" USING btree ("share_token");