CREATE TABLE "chain_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "chain_logs" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"transaction_hash" text NOT NULL,
	"address" text NOT NULL,
	"topic0" text,
	"event_name" text,
	"args" jsonb,
	"timestamp" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_logs_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "chain_state" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"genesis_hash" text NOT NULL,
	"head_block" bigint DEFAULT 0 NOT NULL,
	"head_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"transaction_index" integer NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"selector" text NOT NULL,
	"function_name" text,
	"success" boolean NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_transactions_chain_id_hash_pk" PRIMARY KEY("chain_id","hash")
);
--> statement-breakpoint
CREATE TABLE "indexer_checkpoints" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"from_block" bigint NOT NULL,
	"next_block" bigint NOT NULL,
	"backfill_target" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indexer_checkpoints_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "privileged_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"transaction_hash" text NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"function" text NOT NULL,
	"from" text NOT NULL,
	"sentence" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "abi" jsonb;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "monitored_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "deployment_block" bigint;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
CREATE INDEX "chain_logs_address_idx" ON "chain_logs" USING btree ("chain_id","address","block_number");--> statement-breakpoint
CREATE INDEX "chain_transactions_to_idx" ON "chain_transactions" USING btree ("chain_id","to","block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "privileged_events_log_idx" ON "privileged_events" USING btree ("chain_id","block_number","log_index");--> statement-breakpoint
CREATE INDEX "privileged_events_address_idx" ON "privileged_events" USING btree ("address","occurred_at");