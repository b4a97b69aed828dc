import type { FlagKey } from '../../../api/flags';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USER_NOT_FOUND_MESSAGE, type ImpersonationResult } from '../../../api/impersonation';
import { CreateImpersonationBody, DeleteImpersonationBody } from '../../../api/impersonation.schemas';
import { AppError, forbidden } from '../../errors';
import type { UserRow } from '../../accounts/pool';
import { roleFor, sessionUserFor } from '../../accounts/sessions';
import { flagContextFor } from '../../flags/service';
import { audit } from '../../plugins/app/audit';
import { issueSession, requireUser, type SessionUser } from '../../plugins/app/session';
import { replies, typed } from '../../routing/schemas';
import type { z } from 'zod';
import * as I from '../../../api/impersonation.schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account of this id; an id that is no UUID finds none (and is never sent to the database's uuid column). */
const findUser = (app: FastifyInstance, id: string): Promise<UserRow | undefined> =>
  UUID.test(id) ? app.users.findById(id) : Promise.resolve(undefined);

/** The role an account has now: admin only while ADMIN_EMAILS lists its email. */
const roleOf = (app: FastifyInstance, row: UserRow) => roleFor(app.config, row.email);

const result = (user: SessionUser): ImpersonationResult => ({
  user: {
    username: user.username,
    email: user.email,
    role: user.role,
    ...(user.adminId ? { adminId: user.adminId } : {}),
  },
});

/**
 * The impersonation tool (spec §4 Impersonation, design notes §4):
 * - POST /api/impersonation-tool/create {impersonatingUserId}: only a signed-in admin (role checked against the
 *   current ADMIN_EMAILS, not only the session) for whom the impersonationTool flag is on, and not while
 *   already impersonating. Unknown id → 404 `UserNotFound` "User doesn't exist.". Admin accounts cannot be
 *   impersonated (that would hand over their rights). The session is re-issued for the user with adminId set.
 * - POST /api/impersonation-tool/delete {adminId}: only while impersonating, with the adminId of the session;
 *   re-issues the admin's own session. Exiting needs no flag: it only gives up rights.
 * Start and stop are written to impersonation_audit here; every other write made while impersonating, the tool's
 * refused ones included, is recorded by plugins/app/audit.ts.
 */
export default async function impersonationRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  // The tool writes its own start/stop rows; the generic write audit (plugins/app/audit.ts) records only its refusals
  // made while impersonating (a nested start, a stop naming another admin).
  const OWN_AUDIT = { audit: 'refused' } as const;

  /** Who may start impersonating (before the body is validated, so a refusal does not depend on it). */
  const mayImpersonate = async (request: FastifyRequest) => {
    const actor = requireUser(request);
    if (actor.adminId) {
      throw new AppError(
        409,
        'AlreadyImpersonating',
        'Exit impersonation before impersonating another user.',
      );
    }
    const admin = await findUser(app, actor.username);
    const allowed =
      actor.role === 'admin' &&
      admin !== undefined &&
      roleOf(app, admin) === 'admin' &&
      app.flags.isEnabled('impersonationTool' satisfies FlagKey, flagContextFor(actor));
    if (!allowed) throw forbidden('Only admins with the impersonation tool can impersonate users.');
  };

  /**
   * Start and stop: each re-issues the session for the user `switchTo` returns (the admin's sign-in cap kept: absolute
   * expiry) and answers with that user. `preValidation` refuses before the body is validated.
   */
  const sessionSwitch = <B extends z.ZodType>(
    url: string,
    route: { summary: string; body: B; preValidation: (request: FastifyRequest) => Promise<void> },
    switchTo: (current: SessionUser, body: z.output<B>) => Promise<SessionUser>,
  ) =>
    app.post(
      url,
      {
        config: OWN_AUDIT,
        preValidation: route.preValidation,
        schema: {
          summary: route.summary,
          body: route.body as z.ZodType,
          response: replies(I.ImpersonationResult),
        },
      },
      async (request, reply) => {
        const subject = await switchTo(requireUser(request), request.body as z.output<B>);
        await issueSession(request, reply, subject, { continueSignIn: true });
        return result(subject);
      },
    );

  const notImpersonating = () => new AppError(409, 'NotImpersonating', 'You are not impersonating anyone.');

  sessionSwitch(
    '/impersonation-tool/create',
    {
      summary: 'Start impersonating a user (admin)',
      body: CreateImpersonationBody,
      preValidation: mayImpersonate,
    },
    async (actor, { impersonatingUserId }) => {
      const target = await findUser(app, impersonatingUserId);
      if (!target) throw new AppError(404, 'UserNotFound', USER_NOT_FOUND_MESSAGE);
      if (target.id === actor.username) {
        throw new AppError(400, 'CannotImpersonateSelf', 'You cannot impersonate yourself.', {
          impersonatingUserId: 'This is your own id.',
        });
      }
      if (roleOf(app, target) === 'admin') throw forbidden('Admin accounts cannot be impersonated.');

      await audit(app, { adminId: actor.username, subjectId: target.id, action: 'start' });
      // A new session record carrying the admin's id.
      return sessionUserFor(app.config, target, actor.username);
    },
  );

  sessionSwitch(
    '/impersonation-tool/delete',
    {
      summary: 'Stop impersonating',
      body: DeleteImpersonationBody,
      preValidation: async (request) => {
        if (!requireUser(request).adminId) throw notImpersonating();
      },
    },
    async (current, { adminId }) => {
      if (!current.adminId) throw notImpersonating();
      if (adminId !== current.adminId)
        throw forbidden('This is not the admin who started the impersonation.');
      const admin = await findUser(app, adminId);
      if (!admin) throw new AppError(404, 'UserNotFound', USER_NOT_FOUND_MESSAGE);

      await audit(app, { adminId, subjectId: current.username, action: 'stop' });
      return sessionUserFor(app.config, admin);
    },
  );
}
