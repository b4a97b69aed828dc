import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
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
} from '../../api/user';
import {
  AddWalletBody,
  DeleteWalletBody,
  SsoSettingsBody,
  SsoSettingsUpdateBody,
  SsoUnsubscribeBody,
  SurveyUploadBody,
} from '../../api/user.schemas';
import { AppError, badRequest, notFound } from '../errors';
import { saveSettings, settingsOf } from '../notifications/settings';
import {
  accountEmail,
  bumpProfileImageVersion,
  clearProfileImageVersion,
  profileFieldsOf,
} from '../accounts/profile';
import { USER_ID, verifySsoToken } from '../accounts/settingsLink';
import { saveSurvey, surveyOf } from '../accounts/survey';
import { deleteWallet, insertWallet, toWallet, walletRowsOf, walletsOf } from '../accounts/wallets';
import { isUniqueViolation } from '../db/errors';
import { requireUser, type SessionUser } from '../plugins/session';
import { reencodeImage, sniffImageType } from '../storage/images';
import { uploadStore } from '../storage/select';
import { created, replies, signedIn, typed } from './schemas';
import * as U from '../../api/user.schemas';
import { z } from 'zod';

const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'Conflict', message, fields);

/** Profile, profile picture, wallets, survey and notification settings (sso-settings). */
export async function userRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  // Multipart only inside this plugin: the upload route is the one place that takes a form body.
  await app.register(multipart, {
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });

  // Profile pictures under profile/<username>, where storage/select.ts puts uploads (bucket, PostgreSQL or disk).
  const store = uploadStore(app.config, app.database);
  const imageKey = (username: string) => `profile/${username}`;

  async function loadProfile(user: SessionUser): Promise<Profile> {
    const row = await profileFieldsOf(app.db, user.username);
    const version = row?.version ?? null;
    return {
      username: user.username,
      email: row?.email ?? user.email,
      role: user.role, // from ADMIN_EMAILS, resolved with the session
      image: row?.image ?? user.image ?? null,
      profileImageUrl:
        version === null ? null : `/api/user/profile/image/${encodeURIComponent(user.username)}?v=${version}`,
    };
  }

  // ---- profile ----

  app.get(
    '/api/user/profile',
    { schema: { summary: 'My profile', response: replies(U.Profile) } },
    async (request) => loadProfile(requireUser(request)),
  );

  // A picture comes as multipart; JSON still reaches the handler, which names the field it wants (400).
  app.post(
    '/api/user/profile/upload',
    {
      config: { bodies: ['multipart', 'json'] },
      schema: { summary: 'Upload my profile picture (multipart or JSON)', response: replies(U.Profile) },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw badRequest('Send the picture as multipart form data in the field "file".', {
          file: 'A PNG, JPEG or WebP image is required',
        });
      }
      const tooLarge = () =>
        new AppError(413, 'PayloadTooLarge', 'The picture must be at most 2 MB.', {
          file: 'The picture must be at most 2 MB',
        });
      // Everything that goes wrong while reading the form (no boundary, cut-off body, too large) is the client's.
      let buffer: Buffer;
      try {
        const part = await request.file();
        if (!part)
          throw badRequest('A picture is required.', { file: 'A PNG, JPEG or WebP image is required' });
        buffer = await part.toBuffer();
        // busboy cuts the file at limits.fileSize and marks it truncated; when the cut falls on a chunk boundary
        // toBuffer() returns the first 2 MB without an error. So the flag is checked here, on every path.
        if (part.file.truncated) throw tooLarge();
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw badRequest('The upload is not valid multipart form data.', {
          file: 'Send the picture in the field "file"',
        });
      }
      if (buffer.length === 0) throw badRequest('The picture is empty.', { file: 'The picture is empty' });
      // Store only a re-encoded copy: a polyglot (image header + HTML) never reaches the bucket.
      const picture = await reencodeImage(buffer);
      await store.put(imageKey(user.username), picture.bytes, picture.type);
      await bumpProfileImageVersion(app.db, user.username);
      return loadProfile(user);
    },
  );

  app.post(
    '/api/user/profile/delete',
    { schema: { summary: 'Delete my profile picture', response: replies(U.Profile) } },
    async (request) => {
      const user = requireUser(request);
      await store.delete(imageKey(user.username));
      await clearProfileImageVersion(app.db, user.username);
      return loadProfile(user);
    },
  );

  /** Public: the avatar loads it by username with a cache-busting `v` query; 204 when there is none. */
  app.get<{ Params: { username: string } }>('/api/user/profile/image/:username', async (request, reply) => {
    const { username } = request.params;
    if (!USER_ID.test(username)) throw notFound('No profile picture.');
    const buffer = await store.get(imageKey(username));
    const type = buffer && sniffImageType(buffer);
    // No picture is a normal answer, not an error: the avatar falls back to the image field or the initial, and
    // the browser logs no failed request on every page (unknown users answer the same, so nothing is revealed).
    if (!buffer || !type) return reply.status(204).header('cache-control', 'public, max-age=60').send();
    // An image, never a document: no sniffing, shown inline, and nothing may run if it is opened directly.
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=60')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(buffer);
  });

  // ---- wallets ----

  const listWallets = (userId: string) => walletsOf(app.db, userId);

  app.get(
    '/api/user/wallets',
    { schema: { summary: 'My wallets', response: replies(z.array(U.Wallet)) } },
    async (request) => listWallets(requireUser(request).username),
  );

  app.post(
    '/api/user/wallets',
    {
      preValidation: signedIn,
      schema: { summary: 'Add a wallet', body: AddWalletBody, response: created(U.Wallet) },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const chain = body.chain ?? detectChain(body.walletAddress)!;
      const normalized = normalizeWalletAddress(chain, body.walletAddress);
      const existing = await listWallets(user.username);
      const taken = existing.some(
        (w) => w.chain === chain && normalizeWalletAddress(w.chain, w.walletAddress) === normalized,
      );
      if (taken) throw conflict('This wallet has already been added.', { walletAddress: 'Already added' });
      try {
        const row = await insertWallet(app.db, {
          userId: user.username,
          chain,
          walletAddress: body.walletAddress,
        });
        return reply.status(201).send(toWallet(row));
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflict('This wallet has already been added.', { walletAddress: 'Already added' });
        throw err;
      }
    },
  );

  app.post(
    '/api/user/wallets/delete',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Remove a wallet',
        body: DeleteWalletBody,
        response: replies(z.object({ deleted: z.literal(true) })),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const rows = await walletRowsOf(app.db, user.username);
      const wanted = body.walletAddress.toLowerCase();
      const match =
        rows.find((w) => w.walletAddress === body.walletAddress) ??
        rows.find(
          (w) => (w.chain === 'evm' || w.chain === 'cosmos') && w.walletAddress.toLowerCase() === wanted,
        );
      if (!match) throw notFound('No such wallet.');
      await deleteWallet(app.db, user.username, match.id);
      return { deleted: true as const };
    },
  );

  // ---- survey ----

  const surveyStatus = async (userId: string): Promise<SurveyStatus> => {
    const row = await surveyOf(app.db, userId);
    return row
      ? { survey: row.answers as SurveyAnswers, completedAt: row.createdAt.toISOString() }
      : { survey: null, completedAt: null };
  };

  app.get(
    '/api/user/survey',
    {
      schema: {
        summary: 'My onboarding survey status',
        response: replies(U.SurveyStatus),
      },
    },
    async (request) => surveyStatus(requireUser(request).username),
  );

  app.post(
    '/api/user/survey/upload',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Answer the onboarding survey',
        body: SurveyUploadBody,
        response: replies(U.SurveyStatus),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { survey } = request.body;
      await saveSurvey(app.db, user.username, survey);
      return surveyStatus(user.username);
    },
  );

  // ---- notification settings (sso-settings) ----

  /** The settings' owner: from the signed id (email link, no sign-in needed) or else the session. */
  function settingsOwner(
    request: FastifyRequest,
    id: string | undefined,
  ): { userId: string; byLink: boolean } {
    if (id !== undefined) {
      const userId = verifySsoToken(app.config.authSecret, id, app.clock.now());
      if (!userId) throw badRequest('This link is not valid.', { id: 'Invalid settings id' });
      if (userId === 'expired') {
        throw new AppError(
          400,
          'ExpiredLink',
          'This link has expired. Sign in to change your notification settings.',
          {
            id: 'Expired settings link',
          },
        );
      }
      return { userId, byLink: true };
    }
    return { userId: requireUser(request).username, byLink: false };
  }

  /**
   * The owner's settings. Through a link, without the account's email (whoever holds a forwarded mail learns no
   * address) and without a new link (a link expires 30 days after its mail, however often it is used).
   */
  async function readSettings({ userId, byLink }: { userId: string; byLink: boolean }): Promise<SsoSettings> {
    const email = await accountEmail(app.db, userId);
    if (email === undefined) throw notFound('No such account.');
    return { ...(byLink ? {} : { email }), settings: await settingsOf(app.db, userId) };
  }

  async function writeSettings(
    owner: { userId: string; byLink: boolean },
    patch: Partial<NotificationSettings>,
  ): Promise<SsoSettings> {
    const { userId } = owner;
    const current = await readSettings(owner);
    const settings = { ...current.settings, ...patch };
    await saveSettings(app.db, userId, settings);
    return { ...current, settings };
  }

  app.post(
    '/api/sso-settings',
    {
      schema: {
        tags: ['Account'],
        summary: 'My notification settings (or those of an unsubscribe link)',
        body: SsoSettingsBody,
        response: replies(U.SsoSettings),
      },
    },
    async (request) => {
      const { id } = request.body;
      return readSettings(settingsOwner(request, id));
    },
  );

  app.post(
    '/api/sso-settings/update',
    {
      // Without a signed id this is the signed-in user's own settings: the session comes first.
      preValidation: async (request) => {
        if ((request.body as { id?: unknown } | null | undefined)?.id === undefined) requireUser(request);
      },
      schema: {
        tags: ['Account'],
        summary: 'Change notification settings',
        body: SsoSettingsUpdateBody,
        response: replies(U.SsoSettings),
      },
    },
    async (request) => {
      const { id, settings } = request.body;
      return writeSettings(settingsOwner(request, id), settings);
    },
  );

  app.post(
    '/api/sso-settings/unsubscribe',
    {
      schema: {
        tags: ['Account'],
        summary: 'Unsubscribe from every notification e-mail',
        body: SsoUnsubscribeBody,
        response: replies(U.SsoSettings),
      },
    },
    async (request) => {
      const { id } = request.body;
      // The four kinds of mail off; the alert mail mode is kept (with both alert kinds off, no alert is mailed).
      const off = Object.fromEntries(
        NOTIFICATION_SETTINGS.map((k) => [k, false]),
      ) as Partial<NotificationSettings>;
      return writeSettings(settingsOwner(request, id), off);
    },
  );
}
