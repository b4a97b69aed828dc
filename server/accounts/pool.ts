import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UserPoolErrorName } from '../../api/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { userCodes, userIdentities, users } from '../db/schema/accounts';
import { AppError } from '../errors';
import type { Mailer } from '../mail/index';
import { resetPasswordMail, verificationMail } from '../mail/templates';
import { ssoSettingsLink } from './settingsLink';
import type { SessionUser } from '../plugins/app/session';
import type { Clock } from './clock';
import {
  CODE_TTL_MS,
  codeMatches,
  hashCode,
  MAX_CODE_ATTEMPTS,
  MAX_CODE_ATTEMPTS_TOTAL,
  newCode,
  type CodePurpose,
} from './codes';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { claimAttempt, clear, hit, lockFor, remainingMs, start, unclaim, type LockoutRule } from './rate';
import { revokeUserSessions, sessionUserFor } from './sessions';

/** A user-pool failure: `{ error: <Cognito exception name>, message }`. */
export class UserPoolError extends AppError {
  constructor(
    name: UserPoolErrorName,
    message: string,
    statusCode = name === 'LimitExceededException' ? 429 : 400,
    /** When the refused action may be tried again (the resend cooldown): a Retry-After header and a body field. */
    retryAfterSeconds?: number,
  ) {
    super(
      statusCode,
      name,
      message,
      undefined,
      retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) },
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const RESEND_COOLDOWN_MS = 60_000;
export const RESEND_PER_HOUR = 5;
export const FORGOT_PER_HOUR = 5;
const HOUR = 60 * 60 * 1000;
export const LOCKOUT_AFTER = 5;
export const LOCKOUT_BASE_MS = 60_000;
export const LOCKOUT_MAX_MS = 15 * 60_000;

export const LIMIT_MESSAGE = 'Attempt limit exceeded, please try after some time.';
const WRONG_CREDENTIALS = 'Incorrect username or password.';
const CODE_MISMATCH = 'Invalid verification code provided, please try again.';
const CODE_EXPIRED = 'Invalid code provided, please request a code again.';

export type UserRow = typeof users.$inferSelect;

/** Per (account, client address): 5 failures lock that address out of the account, doubling up to 15 minutes. */
const LOCKOUT: LockoutRule = { after: LOCKOUT_AFTER, baseMs: LOCKOUT_BASE_MS, maxMs: LOCKOUT_MAX_MS };
/**
 * Per account across all addresses, a much higher ceiling against guessing from many addresses: 100 failures
 * (forgotten after a day without attempts) lock the account everywhere for 15 minutes per further failure.
 */
export const ACCOUNT_LOCKOUT_AFTER = 100;
const ACCOUNT_LOCKOUT: LockoutRule = {
  after: ACCOUNT_LOCKOUT_AFTER,
  baseMs: LOCKOUT_MAX_MS,
  maxMs: LOCKOUT_MAX_MS,
};

/**
 * The lockout counters (rate_counters) of an account or unknown email: `login:<subject>` across all addresses,
 * `login:<subject>:<address>` per client address, and `login:<subject>:device:<id>` per known device. A stranger's
 * failures lock only the stranger's address.
 */
const loginKeys = (subject: string, address: string) => ({
  account: `login:${subject}`,
  address: `login:${subject}:${address}`,
  device: (id: string) => `login:${subject}:device:${id}`,
});

/**
 * A browser that signed in to the account before, as its device cookie (sealed with a key derived from
 * AUTH_SECRET) says: the account and a random id of its own.
 */
export type KnownDevice = { userId: string; id: string };

/** How long `failures` consecutive failures from one address lock it (0 below the threshold). */
export function lockoutMs(failures: number): number {
  return lockFor(LOCKOUT, failures);
}

const minutes = (ms: number) => {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return `${m} minute${m === 1 ? '' : 's'}`;
};

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The user pool: Cognito semantics and error names over our own tables. */
export class UserPool {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      config: Config;
      mailer: Mailer;
      log: FastifyBaseLogger;
      /** The site's origin for links in mail, from configuration (publicOrigin). */
      origin: () => string;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }
  private now() {
    return this.deps.clock.now();
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(email)))
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** The session user for a row; the role follows ADMIN_EMAILS as configured now and is never stored. */
  sessionUser(row: UserRow): SessionUser {
    return sessionUserFor(this.deps.config, row);
  }

  // ------------------------------------------------------------------------------------------------------------

  /** Sign-up from the client `address` (its share of the hashing gate). */
  async signUp(emailInput: string, password: string, address: string) {
    const email = normalizeEmail(emailInput);
    const passwordHash = await hashPassword(password, address);
    const [created] = await this.db
      .insert(users)
      .values({ email, passwordHash, confirmed: false, createdAt: this.now() })
      .onConflictDoNothing()
      .returning();
    if (!created)
      throw new UserPoolError('UsernameExistsException', 'An account with the given email already exists.');
    // Sign-up starts the resend cooldown (the client's 60 s timer starts here too).
    await start(this.db, `resend-cooldown:${email}`, this.now());
    await this.sendCode(created, 'verify');
    return { username: created.id, email, userConfirmed: false, codeDeliveryDestination: email };
  }

  /**
   * Confirms an account with its mailed code. Unknown and already confirmed addresses answer exactly like a wrong
   * code (Cognito's PreventUserExistenceErrors), so a stranger learns nothing. One exception: whoever submits the
   * very code that confirmed the account (sent twice, or confirmed in another tab) is told it is confirmed
   * (NotAuthorizedException → spec §8 'Email {email} is not awaiting authorization.'); only the reader of the
   * mail can do that. So a verify code is kept after use, still bound by its 24 h expiry and attempt limits.
   */
  async verifyEmail(emailInput: string, code: string, address: string) {
    const user = await this.findByEmail(emailInput);
    if (!user) throw new UserPoolError('CodeMismatchException', CODE_MISMATCH);
    if (user.confirmed) {
      try {
        await this.consumeCode(user, 'verify', code, address, { keep: true });
      } catch (err) {
        if (err instanceof UserPoolError) throw new UserPoolError('CodeMismatchException', CODE_MISMATCH);
        throw err;
      }
      throw new UserPoolError(
        'NotAuthorizedException',
        'User cannot be confirmed. Current status is CONFIRMED.',
      );
    }
    await this.consumeCode(user, 'verify', code, address, { keep: true });
    await this.db.update(users).set({ confirmed: true }).where(eq(users.id, user.id));
  }

  async resendConfirmation(emailInput: string) {
    const email = normalizeEmail(emailInput);
    const now = this.now();
    const cooldown = await hit(this.db, `resend-cooldown:${email}`, 1, RESEND_COOLDOWN_MS, now);
    if (!cooldown.allowed) {
      const seconds = Math.ceil(cooldown.retryAfterMs / 1000);
      throw new UserPoolError(
        'LimitExceededException',
        `Please wait ${seconds} seconds before asking for another code.`,
        429,
        seconds,
      );
    }
    const hourly = await hit(this.db, `resend-hour:${email}`, RESEND_PER_HOUR, HOUR, now);
    if (!hourly.allowed) throw new UserPoolError('LimitExceededException', LIMIT_MESSAGE);
    const user = await this.findByEmail(email);
    // Unknown and confirmed addresses get the same answer as unconfirmed ones (and the same limits, counted
    // above per address), but no mail: a code means something only to an account awaiting confirmation.
    if (!user || user.confirmed) return;
    await this.sendCode(user, 'verify');
  }

  async forgotPassword(emailInput: string) {
    const email = normalizeEmail(emailInput);
    const hourly = await hit(this.db, `forgot:${email}`, FORGOT_PER_HOUR, HOUR, this.now());
    if (!hourly.allowed) throw new UserPoolError('LimitExceededException', LIMIT_MESSAGE);
    const user = await this.findByEmail(email);
    if (!user) return;
    await this.sendCode(user, 'reset');
  }

  async resetPassword(emailInput: string, code: string, newPassword: string, address: string) {
    const user = await this.findByEmail(emailInput);
    if (!user) throw new UserPoolError('CodeMismatchException', CODE_MISMATCH);
    await this.consumeCode(user, 'reset', code, address);
    const passwordHash = await hashPassword(newPassword, address);
    // The code proved the address, so the account is confirmed too, and any lockout ends. Every session of the
    // account ends with the old password (whoever held it may have signed in somewhere).
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, confirmed: true, failedLogins: 0, lockedUntil: null })
        .where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id, this.now());
    });
    await clear(this.db, `login:${user.id}`, true);
  }

  /** Changes the password and signs out every other device: all sessions of the account but `currentSessionId`. */
  async changePassword(
    userId: string,
    oldPassword: string,
    newPassword: string,
    currentSessionId: string,
    address: string,
  ) {
    const user = await this.findById(userId);
    if (!user) throw new UserPoolError('NotAuthorizedException', 'Access Token has been revoked.');
    await this.checkPassword(user.id, user.passwordHash, oldPassword, 'Incorrect password.', address);
    const passwordHash = await hashPassword(newPassword, address);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id, this.now(), currentSessionId);
    });
  }

  /**
   * Credentials sign-in from the client `address`: the account, or NotAuthorizedException /
   * UserNotConfirmedException. Unknown emails are counted, locked and answered exactly like real accounts.
   */
  async authenticate(
    emailInput: string,
    password: string,
    address: string,
    device?: KnownDevice,
  ): Promise<UserRow> {
    const email = normalizeEmail(emailInput);
    const user = await this.findByEmail(email);
    const subject = user?.id ?? `unknown:${email}`;
    await this.checkPassword(
      subject,
      user?.passwordHash ?? null,
      password,
      WRONG_CREDENTIALS,
      address,
      401,
      device,
    );
    // checkPassword throws without a password hash, so `user` is set here.
    if (!user) throw new UserPoolError('NotAuthorizedException', WRONG_CREDENTIALS, 401);
    if (!user.confirmed) {
      // The right password: say how long until Resend is available, so the client's countdown follows ours.
      const left = await remainingMs(this.db, `resend-cooldown:${email}`, RESEND_COOLDOWN_MS, this.now());
      throw new UserPoolError(
        'UserNotConfirmedException',
        'User is not confirmed.',
        401,
        Math.ceil(left / 1000),
      );
    }
    return user;
  }

  /**
   * Checks a password under the lockout rules. The attempt is claimed BEFORE the password is verified, by one
   * conditional upsert per counter that both counts it and refuses while locked, so parallel guesses get at most
   * LOCKOUT_AFTER verifications per address. A success clears the counters of this address and the account.
   *
   * When the account's ceiling is reached, a browser whose device cookie names this account is still checked,
   * under a lockout of its own (LOCKOUT per device) instead of the account's: strangers guessing from many
   * addresses lock out everyone else, never the owner's own browser. Its success leaves the account locked.
   */
  private async checkPassword(
    subject: string,
    passwordHash: string | null,
    password: string,
    wrongMessage: string,
    address: string,
    status = 400,
    device?: KnownDevice,
  ) {
    const now = this.now();
    const keys = loginKeys(subject, address);
    const claim = await claimAttempt(this.db, keys.address, LOCKOUT, now);
    let wideKey = keys.account;
    let wide = claim.allowed ? await claimAttempt(this.db, wideKey, ACCOUNT_LOCKOUT, now) : claim;
    if (claim.allowed && !wide.allowed && device?.userId === subject) {
      wideKey = keys.device(device.id);
      wide = await claimAttempt(this.db, wideKey, LOCKOUT, now);
    }
    if (!claim.allowed || !wide.allowed) {
      if (claim.allowed) await unclaim(this.db, keys.address);
      const retryAfterMs = wide.allowed ? 0 : wide.retryAfterMs;
      throw new UserPoolError(
        'NotAuthorizedException',
        `Password attempts exceeded. Too many failed sign-in attempts; try again in ${minutes(retryAfterMs)}.`,
        status,
      );
    }
    let ok = false;
    try {
      if (passwordHash) ok = await verifyPassword(password, passwordHash, address);
      else await burnPasswordCheck(password, address);
    } catch (err) {
      // Not checked (e.g. the hashing queue is full): the attempt does not count.
      await unclaim(this.db, keys.address);
      await unclaim(this.db, wideKey);
      throw err;
    }
    if (ok) {
      await clear(this.db, keys.address);
      await clear(this.db, wideKey);
      return;
    }
    // A known device past the account's ceiling is locked by its own count too.
    const lockMs = lockoutMs(wideKey === keys.account ? claim.count : Math.max(claim.count, wide.count));
    if (lockMs > 0) {
      throw new UserPoolError(
        'NotAuthorizedException',
        `${wrongMessage} Password attempts exceeded: try again in ${minutes(lockMs)}.`,
        status,
      );
    }
    throw new UserPoolError('NotAuthorizedException', wrongMessage, status);
  }

  // ------------------------------------------------------------------------------------------------------------
  // Codes

  private async sendCode(user: UserRow, purpose: CodePurpose) {
    const code = newCode();
    const now = this.now();
    await this.db.delete(userCodes).where(and(eq(userCodes.userId, user.id), eq(userCodes.purpose, purpose)));
    await this.db.insert(userCodes).values({
      userId: user.id,
      purpose,
      codeHash: hashCode(this.deps.config.authSecret, user.id, purpose, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS[purpose]),
      createdAt: now,
    });
    // The footer's notification-settings / unsubscribe link, on the configured origin (never a request's Host).
    const link = ssoSettingsLink(this.deps.origin(), this.deps.config.authSecret, user.id, now);
    const content = purpose === 'verify' ? verificationMail(code, link) : resetPasswordMail(code, link);
    try {
      await this.deps.mailer.send(user.email, content);
    } catch (err) {
      // The account and code stay; the user can ask for another code.
      this.deps.log.error({ err, purpose }, 'sending a code failed');
    }
  }

  /**
   * Accepts the current code once (`keep`: the code stays, see verifyEmail); every guess counts, expired codes are
   * refused. A code takes MAX_CODE_ATTEMPTS guesses from one client `address` (then it is dead for that address
   * only, so a stranger cannot burn the owner's code) and MAX_CODE_ATTEMPTS_TOTAL from all addresses together.
   */
  private async consumeCode(
    user: UserRow,
    purpose: CodePurpose,
    codeInput: string,
    address: string,
    { keep = false } = {},
  ) {
    const code = codeInput.trim();
    const [row] = await this.db
      .select()
      .from(userCodes)
      .where(and(eq(userCodes.userId, user.id), eq(userCodes.purpose, purpose)))
      .orderBy(desc(userCodes.createdAt))
      .limit(1);
    if (!row) throw new UserPoolError('CodeMismatchException', CODE_MISMATCH);
    if (row.expiresAt.getTime() <= this.now().getTime())
      throw new UserPoolError('ExpiredCodeException', CODE_EXPIRED);
    // Count the attempt before comparing, atomically, so parallel guesses cannot exceed the limits: first this
    // address's (a refused address does not use up the code's total), then the code's.
    const mine = await hit(
      this.db,
      `code:${row.id}:${address}`,
      MAX_CODE_ATTEMPTS,
      CODE_TTL_MS[purpose],
      this.now(),
    );
    if (!mine.allowed) throw new UserPoolError('ExpiredCodeException', CODE_EXPIRED);
    const [counted] = await this.db
      .update(userCodes)
      .set({ attempts: sql`${userCodes.attempts} + 1` })
      .where(and(eq(userCodes.id, row.id), lt(userCodes.attempts, MAX_CODE_ATTEMPTS_TOTAL)))
      .returning({ attempts: userCodes.attempts });
    if (!counted) throw new UserPoolError('ExpiredCodeException', CODE_EXPIRED);
    const candidate = /^\d{6}$/.test(code)
      ? hashCode(this.deps.config.authSecret, user.id, purpose, code)
      : '';
    if (!codeMatches(row.codeHash, candidate))
      throw new UserPoolError('CodeMismatchException', CODE_MISMATCH);
    if (!keep) await this.db.delete(userCodes).where(eq(userCodes.id, row.id));
  }

  // ------------------------------------------------------------------------------------------------------------
  // Identity providers

  /** The account linked to an identity-provider subject: linked before, matched by verified email, or new. */
  async linkOrCreate(
    provider: string,
    subject: string,
    emailInput: string | undefined,
    emailVerified: boolean,
  ) {
    const [linked] = await this.db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
      .limit(1);
    if (linked) return linked.user;
    if (!emailInput)
      throw new AppError(400, 'OAuthCallback', 'The identity provider did not share an email address.');
    const email = normalizeEmail(emailInput);
    let user = await this.findByEmail(email);
    if (user && !emailVerified) {
      throw new AppError(
        400,
        'OAuthAccountNotLinked',
        'This email is used by another account; sign in with it first.',
      );
    }
    if (!user) {
      const [created] = await this.db
        .insert(users)
        .values({ email, passwordHash: null, confirmed: true, createdAt: this.now() })
        .onConflictDoNothing()
        .returning();
      user = created ?? (await this.findByEmail(email));
    } else if (!user.confirmed) {
      await this.db.update(users).set({ confirmed: true }).where(eq(users.id, user.id));
    }
    if (!user) throw new Error('could not create the account');
    await this.db.insert(userIdentities).values({ provider, subject, userId: user.id }).onConflictDoNothing();
    return user;
  }
}
