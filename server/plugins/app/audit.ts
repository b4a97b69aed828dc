import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { impersonationAudit as auditTable } from '../../db/schema/index';
import { addRouteHook, isWrite, takesWrites } from './routeConfig';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who impersonated whom when this request arrived (null when not impersonating). */
    impersonation: { adminId: string; subjectId: string } | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Writes one impersonation_audit row (the only writer: the tool's start/stop and the hook below). */
export async function audit(
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
 * Records every write made while impersonating to a route with `config.audit` (every write under /api/ by
 * default, plugins/app/routeConfig.ts; the tool's own routes write start/stop themselves and leave only their refusals
 * here, such as an attempt to impersonate from within an impersonation): method, the
 * matched route, status — never the body — with the admin as actor and the impersonated user as subject.
 * Decided on the matched route, so `/%61pi/...` is audited like `/api/...`. It runs in onSend, so the row is
 * stored before the client sees the answer.
 */
export const impersonationAudit = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('impersonation', null);

    // Only routes with `config.audit` that take writes are hooked; reads and every other route skip both hooks.
    app.addHook('onRoute', (route) => {
      if (!route.config?.audit || !takesWrites(route)) return;
      const onlyRefused = route.config.audit === 'refused';
      // Who, as the request arrived (after the session hook): a sign-out handler clears the session before onSend.
      addRouteHook(route, 'onRequest', async (request) => {
        const user = request.user;
        request.impersonation = user?.adminId ? { adminId: user.adminId, subjectId: user.username } : null;
      });
      addRouteHook(route, 'onSend', async (request, reply, payload) => {
        const who = request.impersonation;
        if (!who || !isWrite(request.method)) return payload;
        if (onlyRefused && reply.statusCode < 400) return payload;
        if (!UUID.test(who.adminId) || !UUID.test(who.subjectId)) return payload;
        try {
          await audit(app, {
            ...who,
            action: 'write',
            detail: { method: request.method, path: request.routeOptions.url, statusCode: reply.statusCode },
          });
        } catch (err) {
          request.log.error({ err }, 'could not write the impersonation audit row');
        }
        return payload;
      });
    });
  },
  { name: 'impersonation-audit', dependencies: ['route-config', 'session'] },
);
