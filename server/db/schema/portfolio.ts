import { pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { userRef } from './accounts';
import { projectRef } from './projects';

/** What a user holds of a project, in US dollars (the portfolio risk view, behind the `portfolio` flag). */
export const holdings = pgTable(
  'holdings',
  {
    userId: userRef(),
    projectId: projectRef(),
    amountUsd: real('amount_usd').notNull(),
    /** 'manual' (entered) or 'wallet' (imported from the token index for the user's wallets). */
    source: text('source').$type<'manual' | 'wallet'>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/**
 * The token index: what a wallet holds of which project, in US dollars. There is no chain indexer here, so the
 * seed fills it for a few demo wallets (docs/portfolio.md); a wallet it does not know imports nothing.
 */
export const walletTokens = pgTable(
  'wallet_tokens',
  {
    chain: text('chain').notNull(),
    walletAddress: text('wallet_address').notNull(),
    projectId: projectRef(),
    amountUsd: real('amount_usd').notNull(),
  },
  // The key's prefix (chain, wallet) serves the import's lookup.
  (t) => [primaryKey({ columns: [t.chain, t.walletAddress, t.projectId] })],
);
