import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOTIFICATION_SETTINGS, type NotificationSettings, type SsoSettings } from '../../../api/user';
import { SsoSettingsBody, SsoSettingsUpdateBody, SsoUnsubscribeBody } from '../../../api/user.schemas';
import { AppError, badRequest, notFound } from '../../errors';
import { saveSettings, settingsOf } from '../../notifications/settings';
import { accountEmail } from '../../accounts/profile';
import { verifySsoToken } from '../../accounts/settingsLink';
import { requireUser } from '../../plugins/app/session';
import { replies, typed } from '../../routing/schemas';
import * as U from '../../../api/user.schemas';

/**
 * Notification settings (sso-settings): read and update, signed in or through a signed link from mail, and one-click
 * unsubscribe.
 */
export default async function apiSsoSettingsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

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
    '/sso-settings',
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
    '/sso-settings/update',
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
    '/sso-settings/unsubscribe',
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
