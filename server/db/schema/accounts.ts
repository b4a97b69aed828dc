import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestamptz, updatedAt, uuidId } from './columns';

export const users = pgTable(
  'users',
  {
    /** The account's stable username: a UUID made at sign-up. */
    id: uuidId(),
    email: text('email').notNull(),
    /** Null for accounts that only sign in through an identity provider. */
    passwordHash: text('password_hash'),
    confirmed: boolean('confirmed').notNull().default(false),
    // No stored role: the admin role comes from ADMIN_EMAILS on every request (migration 0003 dropped `role`).
    image: text('image'),
    profileImageVersion: integer('profile_image_version'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

/** The user a row belongs to: deleting the account deletes the row. */
export const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Server-side sessions: the session cookie seals only `id`; every request resolves it here, joined with the user.
 * A session ends when revoked (sign-out, password change/reset), 30 days after it was last read (`expiresAt`,
 * renewed on read) or at `absoluteExpiresAt` (90 days after sign-in, never renewed). `adminId` is set while an
 * admin impersonates `userId`.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** 256 random bits, base64url. */
    id: text('id').primaryKey(),
    userId: userRef(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_admin_idx').on(t.adminId)],
);

/** Identity-provider links (social sign-in): provider + subject → user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: userRef(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

/** One-time codes (sign-up verification, password reset), stored hashed. */
export const userCodes = pgTable(
  'user_codes',
  {
    id: serialId(),
    userId: userRef(),
    purpose: text('purpose').$type<'verify' | 'reset'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_codes_user_idx').on(t.userId, t.purpose)],
);

export const wallets = pgTable(
  'wallets',
  {
    id: serialId(),
    userId: userRef(),
    chain: text('chain').notNull(),
    walletAddress: text('wallet_address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallets_user_address_idx').on(t.userId, t.walletAddress)],
);

export const surveys = pgTable('surveys', {
  userId: userRef().primaryKey(),
  answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export const ssoSettings = pgTable('sso_settings', {
  userId: userRef().primaryKey(),
  settings: jsonb('settings').$type<Record<string, boolean | string>>().notNull(),
  updatedAt: updatedAt(),
});

/** Every impersonation start, stop and write made while impersonating. */
export const impersonationAudit = pgTable('impersonation_audit', {
  id: serialId(),
  adminId: uuid('admin_id').notNull(),
  subjectId: uuid('subject_id').notNull(),
  action: text('action').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
});
