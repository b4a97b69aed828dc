import { pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { projects } from './projects';

/** What a user holds of a project, in US dollars (the portfolio risk view, behind the `portfolio` flag). */
export const holdings = pgTable(
  'holdings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    amountUsd: real('amount_usd').notNull(),
    /** 'manual' (entered) or 'wallet' (imported from the token index for the user's wallets). */
    source: text('source').$type<'manual' | 'wallet'>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    amountUsd: real('amount_usd').notNull(),
  },
  // The key's prefix (chain, wallet) serves the import's lookup.
  (t) => [primaryKey({ columns: [t.chain, t.walletAddress, t.projectId] })],
);
