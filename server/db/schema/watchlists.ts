import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidId } from './columns';
import { userRef } from './accounts';

export const watchlists = pgTable(
  'watchlists',
  {
    id: uuidId(),
    userId: userRef(),
    name: text('name').notNull(),
    /** Ordered project ids. */
    projects: text('projects').array().notNull(),
    /**
     * The read-only share link's secret (`/w/{token}`), or null while the list is not shared. A new token on every
     * share, so turning sharing off revokes the old link for good.
     */
    shareToken: text('share_token'),
    /** Bumped on every write, for optimistic concurrency. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('watchlists_user_name_idx').on(t.userId, t.name),
    uniqueIndex('watchlists_share_token_idx').on(t.shareToken),
  ],
);
