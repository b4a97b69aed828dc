CREATE TABLE "token_balances" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"holder" text NOT NULL,
	"balance" numeric NOT NULL,
	CONSTRAINT "token_balances_chain_id_address_holder_pk" PRIMARY KEY("chain_id","address","holder")
);
--> statement-breakpoint
ALTER TABLE "indexer_checkpoints" ADD COLUMN "balances_through" bigint DEFAULT -1 NOT NULL;--> statement-breakpoint
CREATE INDEX "token_balances_balance_idx" ON "token_balances" USING btree ("chain_id","address","balance");