CREATE TABLE "holdings" (
	"user_id" uuid NOT NULL,
	"project_id" text NOT NULL,
	"amount_usd" real NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holdings_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_tokens" (
	"chain" text NOT NULL,
	"wallet_address" text NOT NULL,
	"project_id" text NOT NULL,
	"amount_usd" real NOT NULL,
	CONSTRAINT "wallet_tokens_chain_wallet_address_project_id_pk" PRIMARY KEY("chain","wallet_address","project_id")
);
--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_tokens" ADD CONSTRAINT "wallet_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;