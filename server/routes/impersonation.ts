import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { USER_NOT_FOUND_MESSAGE, type ImpersonationResult } from '../../api/impersonation';
import { CreateImpersonationBody, DeleteImpersonationBody } from '../../api/impersonation.schemas';
import { impersonationAudit as auditTable, users } from '../db/schema/index';
import { AppError, forbidden, parse } from '../errors';
import { flagContextFor } from '../flags/service';
import { issueSession, requireUser, type SessionUser } from '../plugins/session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who impersonated whom when this request arrived (null when not impersonating). */
    impersonation: { adminId: string; subjectId: string } | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOOL_PATHS = '/api/impersonation-tool/';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

type UserRow = typeof users.$inferSelect;

async function findUser(app: FastifyInstance, id: string): Promise<UserRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await app.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The role an account has now: its stored role, or admin when ADMIN_EMAILS lists its email. */
function roleOf(app: FastifyInstance, row: UserRow): 'user' | 'admin' {
  return row.role === 'admin' || app.config.adminEmails.includes(row.email.toLowerCase()) ? 'admin' : 'user';
}

function sessionUserOf(app: FastifyInstance, row: UserRow, adminId?: string): SessionUser {
  return {
    username: row.id,
    email: row.email,
    role: roleOf(app, row),
    ...(row.image ? { image: row.image } : {}),
    ...(adminId ? { adminId } : {}),
  };
}

const result = (user: SessionUser): ImpersonationResult => ({
  user: {
    username: user.username,
    email: user.email,
    role: user.role,
    ...(user.adminId ? { adminId: user.adminId } : {}),
  },
});

async function audit(
  app: FastifyInstance,
  row: {
    adminId: string;
    subjectId: string;
    action: 'start' | 'stop' | 'write';
    detail?: Record<string, unknown>;
  },
) {
  await app.db.insert(auditTable).values({ ...row, detail: row.detail ?? null, createdAt: app.clock.now() });
}

/**
 * The impersonation tool (spec §4 Impersonation, design notes §4):
 * - POST /api/impersonation-tool/create {impersonatingUserId}: only a signed-in admin (role checked against the
 *   database and ADMIN_EMAILS, not only the session) for whom the impersonationTool flag is on, and not while
 *   already impersonating. Unknown id → 404 `UserNotFound` "User doesn't exist.". Admin accounts cannot be
 *   impersonated (that would hand over their rights). The session is re-issued for the user with adminId set.
 * - POST /api/impersonation-tool/delete {adminId}: only while impersonating, with the adminId of the session;
 *   re-issues the admin's own session. Exiting needs no flag: it only gives up rights.
 * Start and stop are written to impersonation_audit; so is every write made while impersonating (see
 * `impersonationAudit`).
 */
export async function impersonationRoutes(app: FastifyInstance) {
  app.post('/api/impersonation-tool/create', async (request, reply) => {
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
      app.flags.isEnabled('impersonationTool', flagContextFor(actor));
    if (!allowed) throw forbidden('Only admins with the impersonation tool can impersonate users.');

    const { impersonatingUserId } = parse(CreateImpersonationBody, request.body);
    const target = await findUser(app, impersonatingUserId);
    if (!target) throw new AppError(404, 'UserNotFound', USER_NOT_FOUND_MESSAGE);
    if (target.id === actor.username) {
      throw new AppError(400, 'CannotImpersonateSelf', 'You cannot impersonate yourself.', {
        impersonatingUserId: 'This is your own id.',
      });
    }
    if (roleOf(app, target) === 'admin') throw forbidden('Admin accounts cannot be impersonated.');

    await audit(app, { adminId: actor.username, subjectId: target.id, action: 'start' });
    const subject = sessionUserOf(app, target, actor.username);
    await issueSession(request, reply, subject);
    return result(subject);
  });

  app.post('/api/impersonation-tool/delete', async (request, reply) => {
    const current = requireUser(request);
    if (!current.adminId) throw new AppError(409, 'NotImpersonating', 'You are not impersonating anyone.');
    const { adminId } = parse(DeleteImpersonationBody, request.body);
    if (adminId !== current.adminId) throw forbidden('This is not the admin who started the impersonation.');
    const admin = await findUser(app, adminId);
    if (!admin) throw new AppError(404, 'UserNotFound', USER_NOT_FOUND_MESSAGE);

    await audit(app, { adminId, subjectId: current.username, action: 'stop' });
    const back = sessionUserOf(app, admin);
    await issueSession(request, reply, back);
    return result(back);
  });
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

/**
 * Records every write under /api/ made while impersonating (method, path, status — never the body) with the
 * admin as actor and the impersonated user as subject. It runs in onSend, so the row is stored before the
 * client sees the answer. The tool's own calls are logged as start/stop by their routes.
 */
export const impersonationAudit = fp(async (app: FastifyInstance) => {
  app.decorateRequest('impersonation', null);

  app.addHook('onRequest', async (request) => {
    const user = request.user;
    request.impersonation = user?.adminId ? { adminId: user.adminId, subjectId: user.username } : null;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const who = request.impersonation;
    if (!who || READS.has(request.method)) return payload;
    const path = pathOf(request);
    if (!path.startsWith('/api/') || path.startsWith(TOOL_PATHS)) return payload;
    if (!UUID.test(who.adminId) || !UUID.test(who.subjectId)) return payload;
    try {
      await audit(app, {
        ...who,
        action: 'write',
        detail: { method: request.method, path, statusCode: reply.statusCode },
      });
    } catch (err) {
      request.log.error({ err }, 'could not write the impersonation audit row');
    }
    return payload;
  });
});
