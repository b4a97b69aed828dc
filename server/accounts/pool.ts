import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UserPoolErrorName } from '../../api/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { userCodes, userIdentities, users } from '../db/schema/accounts';
import { AppError } from '../errors';
import type { Mailer } from '../mail/index';
import { resetPasswordMail, verificationMail } from '../mail/templates';
import { ssoSettingsLink } from '../routes/user';
import type { SessionUser } from '../plugins/session';
import type { Clock } from './clock';
import { CODE_TTL_MS, codeMatches, hashCode, MAX_CODE_ATTEMPTS, newCode, type CodePurpose } from './codes';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { hit, start } from './rate';

/** A user-pool failure: `{ error: <Cognito exception name>, message }`. */
export class UserPoolError extends AppError {
  constructor(
    name: UserPoolErrorName,
    message: string,
    statusCode = name === 'LimitExceededException' ? 429 : 400,
  ) {
    super(statusCode, name, message);
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

/** How long an account is locked after `failures` consecutive failures (0 below the threshold). */
export function lockoutMs(failures: number): number {
  if (failures < LOCKOUT_AFTER) return 0;
  return Math.min(LOCKOUT_MAX_MS, LOCKOUT_BASE_MS * 2 ** (failures - LOCKOUT_AFTER));
}

const minutes = (ms: number) => {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return `${m} minute${m === 1 ? '' : 's'}`;
};

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The user pool: Cognito semantics and error names over our own tables. */
export class UserPool {
  constructor(
    private readonly deps: { db: Db; clock: Clock; config: Config; mailer: Mailer; log: FastifyBaseLogger },
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

  /** The session user for a row; ADMIN_EMAILS is evaluated here, on every login and session issue. */
  async sessionUser(row: UserRow): Promise<SessionUser> {
    const listed = this.deps.config.adminEmails.includes(row.email.toLowerCase());
    if (listed && row.role !== 'admin') {
      await this.db.update(users).set({ role: 'admin' }).where(eq(users.id, row.id));
    }
    return {
      username: row.id,
      email: row.email,
      role: listed ? 'admin' : row.role,
      ...(row.image ? { image: row.image } : {}),
    };
  }

  // ------------------------------------------------------------------------------------------------------------

  /** `origin`: the request's origin, for links in mail when PUBLIC_URL is not set (also below). */
  async signUp(emailInput: string, password: string, origin?: string) {
    const email = normalizeEmail(emailInput);
    const passwordHash = await hashPassword(password);
    const [created] = await this.db
      .insert(users)
      .values({ email, passwordHash, confirmed: false, createdAt: this.now() })
      .onConflictDoNothing()
      .returning();
    if (!created)
      throw new UserPoolError('UsernameExistsException', 'An account with the given email already exists.');
    // Sign-up starts the resend cooldown (the client's 60 s timer starts here too).
    await start(this.db, `resend-cooldown:${email}`, this.now());
    await this.sendCode(created, 'verify', origin);
    return { username: created.id, email, userConfirmed: false, codeDeliveryDestination: email };
  }

  async verifyEmail(emailInput: string, code: string) {
    const user = await this.findByEmail(emailInput);
    if (!user) throw new UserPoolError('CodeMismatchException', CODE_MISMATCH);
    if (user.confirmed) {
      throw new UserPoolError(
        'NotAuthorizedException',
        'User cannot be confirmed. Current status is CONFIRMED.',
      );
    }
    await this.consumeCode(user, 'verify', code);
    await this.db.update(users).set({ confirmed: true }).where(eq(users.id, user.id));
  }

  async resendConfirmation(emailInput: string, origin?: string) {
    const email = normalizeEmail(emailInput);
    const now = this.now();
    const cooldown = await hit(this.db, `resend-cooldown:${email}`, 1, RESEND_COOLDOWN_MS, now);
    if (!cooldown.allowed) {
      throw new UserPoolError(
        'LimitExceededException',
        `Please wait ${Math.ceil(cooldown.retryAfterMs / 1000)} seconds before asking for another code.`,
      );
    }
    const hourly = await hit(this.db, `resend-hour:${email}`, RESEND_PER_HOUR, HOUR, now);
    if (!hourly.allowed) throw new UserPoolError('LimitExceededException', LIMIT_MESSAGE);
    const user = await this.findByEmail(email);
    // Unknown addresses get the same answer as known ones, and no mail.
    if (!user) return;
    if (user.confirmed) throw new UserPoolError('NotAuthorizedException', 'User is already confirmed.');
    await this.sendCode(user, 'verify', origin);
  }

  async forgotPassword(emailInput: string, origin?: string) {
    const email = normalizeEmail(emailInput);
    const hourly = await hit(this.db, `forgot:${email}`, FORGOT_PER_HOUR, HOUR, this.now());
    if (!hourly.allowed) throw new UserPoolError('LimitExceededException', LIMIT_MESSAGE);
    const user = await this.findByEmail(email);
    if (!user) return;
    await this.sendCode(user, 'reset', origin);
  }

  async resetPassword(emailInput: string, code: string, newPassword: string) {
    const user = await this.findByEmail(emailInput);
    if (!user) throw new UserPoolError('CodeMismatchException', CODE_MISMATCH);
    await this.consumeCode(user, 'reset', code);
    const passwordHash = await hashPassword(newPassword);
    // The code proved the address, so the account is confirmed too, and any lockout ends.
    await this.db
      .update(users)
      .set({ passwordHash, confirmed: true, failedLogins: 0, lockedUntil: null })
      .where(eq(users.id, user.id));
  }

  async changePassword(userId: string, oldPassword: string, newPassword: string) {
    const user = await this.findById(userId);
    if (!user) throw new UserPoolError('NotAuthorizedException', 'Access Token has been revoked.');
    await this.checkPassword(user, oldPassword, 'Incorrect password.');
    const passwordHash = await hashPassword(newPassword);
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  }

  /** Credentials sign-in: the account, or NotAuthorizedException / UserNotConfirmedException. */
  async authenticate(emailInput: string, password: string): Promise<UserRow> {
    const user = await this.findByEmail(emailInput);
    if (!user) {
      await burnPasswordCheck(password);
      throw new UserPoolError('NotAuthorizedException', WRONG_CREDENTIALS, 401);
    }
    await this.checkPassword(user, password, WRONG_CREDENTIALS, 401);
    if (!user.confirmed) throw new UserPoolError('UserNotConfirmedException', 'User is not confirmed.', 401);
    return user;
  }

  /** Checks a password under the lockout rule: 5 failures lock, the delay doubles up to 15 minutes. */
  private async checkPassword(user: UserRow, password: string, wrongMessage: string, status = 400) {
    const now = this.now();
    if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) {
      await burnPasswordCheck(password);
      throw new UserPoolError(
        'NotAuthorizedException',
        `Password attempts exceeded. Too many failed sign-in attempts; try again in ${minutes(user.lockedUntil.getTime() - now.getTime())}.`,
        status,
      );
    }
    const ok = user.passwordHash ? await verifyPassword(password, user.passwordHash) : false;
    if (!user.passwordHash) await burnPasswordCheck(password);
    if (ok) {
      if (user.failedLogins !== 0 || user.lockedUntil) {
        await this.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
      }
      return;
    }
    const [row] = await this.db
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failedLogins: users.failedLogins });
    const failures = row?.failedLogins ?? user.failedLogins + 1;
    const lockMs = lockoutMs(failures);
    if (lockMs > 0) {
      await this.db
        .update(users)
        .set({ lockedUntil: new Date(now.getTime() + lockMs) })
        .where(eq(users.id, user.id));
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

  private async sendCode(user: UserRow, purpose: CodePurpose, origin?: string) {
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
    // The footer's notification-settings / unsubscribe link: on PUBLIC_URL, else on the request's origin.
    const link = ssoSettingsLink(
      this.deps.config.publicUrl ?? origin ?? '',
      this.deps.config.authSecret,
      user.id,
    );
    const content = purpose === 'verify' ? verificationMail(code, link) : resetPasswordMail(code, link);
    try {
      await this.deps.mailer.send(user.email, content);
    } catch (err) {
      // The account and code stay; the user can ask for another code.
      this.deps.log.error({ err, purpose }, 'sending a code failed');
    }
  }

  /** Accepts the current code once; every guess counts (at most 5 per code), expired codes are refused. */
  private async consumeCode(user: UserRow, purpose: CodePurpose, codeInput: string) {
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
    // Count the attempt before comparing, atomically, so parallel guesses cannot exceed the limit.
    const [counted] = await this.db
      .update(userCodes)
      .set({ attempts: sql`${userCodes.attempts} + 1` })
      .where(and(eq(userCodes.id, row.id), lt(userCodes.attempts, MAX_CODE_ATTEMPTS)))
      .returning({ attempts: userCodes.attempts });
    if (!counted) throw new UserPoolError('ExpiredCodeException', CODE_EXPIRED);
    const candidate = /^\d{6}$/.test(code)
      ? hashCode(this.deps.config.authSecret, user.id, purpose, code)
      : '';
    if (!codeMatches(row.codeHash, candidate))
      throw new UserPoolError('CodeMismatchException', CODE_MISMATCH);
    await this.db.delete(userCodes).where(eq(userCodes.id, row.id));
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
