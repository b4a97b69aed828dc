import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { riskLevel, type Portfolio } from '../../api/portfolio';
import {
  detectChain,
  normalizeWalletAddress,
  NOTIFICATION_SETTINGS,
  PROFILE_IMAGE_MAX_BYTES,
  type NotificationSettings,
  type Profile,
  type SsoSettings,
  type SurveyAnswers,
  type SurveyStatus,
  type Wallet,
  type WalletChain,
} from '../../api/user';
import {
  AddWalletBody,
  DeleteWalletBody,
  SsoSettingsBody,
  SsoSettingsUpdateBody,
  SsoUnsubscribeBody,
  SurveyUploadBody,
} from '../../api/user.schemas';
import { projects, ssoSettings, surveys, users, wallets, watchlists } from '../db/schema/index';
import { AppError, badRequest, notFound, parse } from '../errors';
import { requireUser, type SessionUser } from '../plugins/session';
import { diskStore, s3Store } from '../storage/objectStore';

/** Usernames are UUIDs; anything else never reaches the file system. */
const USERNAME = /^[0-9a-fA-F-]{1,64}$/;

/** The image type from the first bytes (never from the file name or the declared type). */
export function sniffImageType(buf: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | undefined {
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

/** The signed id of a user's notification settings, for links in emails (HMAC with AUTH_SECRET). */
export function ssoSettingsToken(secret: string, userId: string): string {
  return `${userId}.${sign(secret, userId)}`;
}

/** The unsubscribe / notification-settings link to put in an email (works without signing in). */
export function ssoSettingsLink(baseUrl: string, secret: string, userId: string): string {
  return `${baseUrl.replace(/\/$/, '')}/notifications/unsubscribe?id=${encodeURIComponent(ssoSettingsToken(secret, userId))}`;
}

function sign(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`sso-settings:${userId}`).digest('base64url');
}

function verifySsoToken(secret: string, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot < 1) return undefined;
  const userId = token.slice(0, dot);
  if (!USERNAME.test(userId)) return undefined;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(secret, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}

const DEFAULT_SETTINGS: NotificationSettings = Object.fromEntries(
  NOTIFICATION_SETTINGS.map((k) => [k, true]),
) as NotificationSettings;

/**
 * A boolean flag for this request's user: the flags plugin's decision when it is registered (the same
 * evaluation the browser gets over OFREP), else the default variant in FLAGS_FILE, else off.
 */
async function flagOn(app: FastifyInstance, user: SessionUser, key: string): Promise<boolean> {
  const service = (app as { flags?: Partial<FastifyInstance['flags']> }).flags;
  if (typeof service?.isEnabled === 'function') {
    return service.isEnabled(key, { targetingKey: user.username, email: user.email, role: user.role });
  }
  try {
    const file = JSON.parse(readFileSync(app.config.flagsFile, 'utf8')) as {
      flags?: Record<string, { state?: string; variants?: Record<string, unknown>; defaultVariant?: string }>;
    };
    const flag = file.flags?.[key];
    if (!flag || flag.state === 'DISABLED' || !flag.defaultVariant) return false;
    return flag.variants?.[flag.defaultVariant] === true;
  } catch {
    return false;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'Conflict', message, fields);

/** Profile, profile picture, wallets, survey, notification settings (sso-settings) and the portfolio. */
export async function userRoutes(app: FastifyInstance) {
  // Multipart only inside this plugin: the upload route is the one place that takes a form body.
  await app.register(multipart, {
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });

  // Profile pictures: DATA_DIR/uploads/profile/<username>, or the S3-compatible bucket when configured.
  const store = app.config.s3
    ? s3Store(app.config.s3, 'uploads/')
    : diskStore(path.join(app.config.dataDir, 'uploads'));
  const imageKey = (username: string) => `profile/${username}`;

  async function loadProfile(user: SessionUser): Promise<Profile> {
    const [row] = await app.db
      .select({
        email: users.email,
        role: users.role,
        image: users.image,
        version: users.profileImageVersion,
      })
      .from(users)
      .where(eq(users.id, user.username));
    const version = row?.version ?? null;
    return {
      username: user.username,
      email: row?.email ?? user.email,
      role: row?.role ?? user.role,
      image: row?.image ?? user.image ?? null,
      profileImageUrl:
        version === null ? null : `/api/user/profile/image/${encodeURIComponent(user.username)}?v=${version}`,
    };
  }

  // ---- profile ----

  app.get('/api/user/profile', async (request) => loadProfile(requireUser(request)));

  app.post('/api/user/profile/upload', async (request) => {
    const user = requireUser(request);
    if (!request.isMultipart()) {
      throw badRequest('Send the picture as multipart form data in the field "file".', {
        file: 'A PNG, JPEG or WebP image is required',
      });
    }
    // Everything that goes wrong while reading the form (no boundary, cut-off body, too large) is the client's.
    let buffer: Buffer;
    try {
      const part = await request.file();
      if (!part)
        throw badRequest('A picture is required.', { file: 'A PNG, JPEG or WebP image is required' });
      try {
        buffer = await part.toBuffer();
      } catch (err) {
        if (part.file.truncated)
          throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        throw err;
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(413, 'PayloadTooLarge', 'The picture must be at most 2 MB.', {
          file: 'The picture must be at most 2 MB',
        });
      }
      throw badRequest('The upload is not valid multipart form data.', {
        file: 'Send the picture in the field "file"',
      });
    }
    if (buffer.length === 0) throw badRequest('The picture is empty.', { file: 'The picture is empty' });
    const type = sniffImageType(buffer);
    if (!type) {
      throw badRequest('The picture must be a PNG, JPEG or WebP image.', {
        file: 'The picture must be a PNG, JPEG or WebP image',
      });
    }
    await store.put(imageKey(user.username), buffer, type);
    await app.db
      .update(users)
      .set({ profileImageVersion: sql`coalesce(${users.profileImageVersion}, 0) + 1` })
      .where(eq(users.id, user.username));
    return loadProfile(user);
  });

  app.post('/api/user/profile/delete', async (request) => {
    const user = requireUser(request);
    await store.delete(imageKey(user.username));
    await app.db.update(users).set({ profileImageVersion: null }).where(eq(users.id, user.username));
    return loadProfile(user);
  });

  /** Public: the avatar loads it by username with a cache-busting `v` query. */
  app.get<{ Params: { username: string } }>('/api/user/profile/image/:username', async (request, reply) => {
    const { username } = request.params;
    if (!USERNAME.test(username)) throw notFound('No profile picture.');
    const buffer = await store.get(imageKey(username));
    const type = buffer && sniffImageType(buffer);
    if (!buffer || !type) throw notFound('No profile picture.');
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=60')
      .header('x-content-type-options', 'nosniff')
      .send(buffer);
  });

  // ---- wallets ----

  const toWallet = (row: { walletAddress: string; chain: string; createdAt: Date }): Wallet => ({
    walletAddress: row.walletAddress,
    chain: row.chain as WalletChain,
    createdAt: row.createdAt.toISOString(),
  });

  const listWallets = async (userId: string) =>
    (
      await app.db
        .select()
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .orderBy(asc(wallets.createdAt), asc(wallets.id))
    ).map(toWallet);

  app.get('/api/user/wallets', async (request) => listWallets(requireUser(request).username));

  app.post('/api/user/wallets', async (request, reply) => {
    const user = requireUser(request);
    const body = parse(AddWalletBody, request.body);
    const chain = body.chain ?? detectChain(body.walletAddress)!;
    const normalized = normalizeWalletAddress(chain, body.walletAddress);
    const existing = await listWallets(user.username);
    const taken = existing.some(
      (w) => w.chain === chain && normalizeWalletAddress(w.chain, w.walletAddress) === normalized,
    );
    if (taken) throw conflict('This wallet has already been added.', { walletAddress: 'Already added' });
    try {
      const [row] = await app.db
        .insert(wallets)
        .values({ userId: user.username, chain, walletAddress: body.walletAddress })
        .returning();
      return reply.status(201).send(toWallet(row!));
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict('This wallet has already been added.', { walletAddress: 'Already added' });
      throw err;
    }
  });

  app.post('/api/user/wallets/delete', async (request) => {
    const user = requireUser(request);
    const body = parse(DeleteWalletBody, request.body);
    const rows = await app.db.select().from(wallets).where(eq(wallets.userId, user.username));
    const wanted = body.walletAddress.toLowerCase();
    const match =
      rows.find((w) => w.walletAddress === body.walletAddress) ??
      rows.find(
        (w) => (w.chain === 'evm' || w.chain === 'cosmos') && w.walletAddress.toLowerCase() === wanted,
      );
    if (!match) throw notFound('No such wallet.');
    await app.db.delete(wallets).where(and(eq(wallets.id, match.id), eq(wallets.userId, user.username)));
    return { deleted: true as const };
  });

  // ---- survey ----

  const surveyStatus = async (userId: string): Promise<SurveyStatus> => {
    const [row] = await app.db.select().from(surveys).where(eq(surveys.userId, userId));
    return row
      ? { survey: row.answers as SurveyAnswers, completedAt: row.createdAt.toISOString() }
      : { survey: null, completedAt: null };
  };

  app.get('/api/user/survey', async (request) => surveyStatus(requireUser(request).username));

  app.post('/api/user/survey/upload', async (request) => {
    const user = requireUser(request);
    const { survey } = parse(SurveyUploadBody, request.body);
    await app.db
      .insert(surveys)
      .values({ userId: user.username, answers: survey })
      .onConflictDoUpdate({ target: surveys.userId, set: { answers: survey, createdAt: new Date() } });
    return surveyStatus(user.username);
  });

  // ---- notification settings (sso-settings) ----

  /** The settings' owner: from the signed id (email link, no sign-in needed) or else the session. */
  function settingsOwner(request: FastifyRequest, id: string | undefined): string {
    if (id !== undefined) {
      const userId = verifySsoToken(app.config.authSecret, id);
      if (!userId) throw badRequest('This link is not valid.', { id: 'Invalid settings id' });
      return userId;
    }
    return requireUser(request).username;
  }

  async function readSettings(userId: string): Promise<SsoSettings> {
    const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('No such account.');
    const [row] = await app.db.select().from(ssoSettings).where(eq(ssoSettings.userId, userId));
    return {
      id: ssoSettingsToken(app.config.authSecret, userId),
      email: user.email,
      settings: { ...DEFAULT_SETTINGS, ...(row?.settings ?? {}) },
    };
  }

  async function writeSettings(userId: string, patch: Partial<NotificationSettings>): Promise<SsoSettings> {
    const current = await readSettings(userId);
    const settings = { ...current.settings, ...patch };
    await app.db
      .insert(ssoSettings)
      .values({ userId, settings })
      .onConflictDoUpdate({ target: ssoSettings.userId, set: { settings, updatedAt: new Date() } });
    return { ...current, settings };
  }

  app.post('/api/sso-settings', async (request) => {
    const { id } = parse(SsoSettingsBody, request.body);
    return readSettings(settingsOwner(request, id));
  });

  app.post('/api/sso-settings/update', async (request) => {
    // Without a signed id this is the signed-in user's own settings: the session comes first.
    if ((request.body as { id?: unknown } | null | undefined)?.id === undefined) requireUser(request);
    const { id, settings } = parse(SsoSettingsUpdateBody, request.body);
    return writeSettings(settingsOwner(request, id), settings);
  });

  app.post('/api/sso-settings/unsubscribe', async (request) => {
    const { id } = parse(SsoUnsubscribeBody, request.body);
    const off = Object.fromEntries(NOTIFICATION_SETTINGS.map((k) => [k, false])) as NotificationSettings;
    return writeSettings(settingsOwner(request, id), off);
  });

  // ---- portfolio (behind the `portfolio` flag) ----

  app.get('/api/portfolio', async (request): Promise<Portfolio> => {
    const user = requireUser(request);
    if (!(await flagOn(app, user, 'portfolio'))) throw notFound(`No route for GET /api/portfolio`);
    const lists = await app.db
      .select({ projects: watchlists.projects })
      .from(watchlists)
      .where(eq(watchlists.userId, user.username));
    const weight = new Map<string, number>();
    for (const list of lists)
      for (const id of new Set(list.projects)) weight.set(id, (weight.get(id) ?? 0) + 1);
    const ids = [...weight.keys()];
    const rows =
      ids.length === 0
        ? []
        : await app.db
            .select({
              id: projects.id,
              name: projects.name,
              logo: projects.logo,
              tokenTickers: projects.tokenTickers,
              rank: projects.rank,
              score: projects.score,
              tier: projects.tier,
            })
            .from(projects)
            .where(inArray(projects.id, ids));
    const items = rows
      .map((p) => ({ ...p, risk: riskLevel(p.score), watchlists: weight.get(p.id) ?? 1 }))
      .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
    const totalWeight = items.reduce((s, p) => s + p.watchlists, 0);
    const weightedScore =
      totalWeight === 0
        ? null
        : Math.round((items.reduce((s, p) => s + p.score * p.watchlists, 0) / totalWeight) * 10) / 10;
    return {
      wallets: await listWallets(user.username),
      projects: items,
      summary: {
        projectCount: items.length,
        weightedScore,
        lowestScore: items[0]?.score ?? null,
        risk: weightedScore === null ? null : riskLevel(weightedScore),
        byRisk: {
          high: items.filter((p) => p.risk === 'high').length,
          medium: items.filter((p) => p.risk === 'medium').length,
          low: items.filter((p) => p.risk === 'low').length,
        },
      },
    };
  });
}
