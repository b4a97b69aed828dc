import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, forbidden, notFound } from '../../../../../errors';
import { requireUser, type SessionUser } from '../../../../../plugins/app/session';
import { SIGNAL_KEYS } from '../../../../../ratings/methodology';
import {
  applySignalChanges,
  ProjectNotFoundError,
  UnknownSignalError,
  type ScoreChange,
} from '../../../../../ratings/recompute';
import { replies, typed } from '../../../../../routing/schemas';
import { SignalChangesResult } from '../../../../../../api/ratings.schemas';

/** Signed in with the admin role, and not an admin session borrowed through impersonation. */
function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin' || user.adminId) throw forbidden('Only admins can do this.');
  return user;
}

const KNOWN = new Set(SIGNAL_KEYS);

const SignalsBody = z.object({
  signals: z
    .record(z.string().max(100), z.number().finite().nullable())
    .refine((s) => Object.keys(s).length > 0, 'Give at least one signal')
    .refine((s) => Object.keys(s).length <= SIGNAL_KEYS.length, 'Too many signals'),
});
const Params = z.object({ id: z.string().min(1).max(200) });

/**
 * POST /api/admin/projects/:id/signals {signals: {key: number | null}}: merges the values into the project's
 * stored signals, recomputes it and answers `{ changes }`; the notify-change jobs it queued (same transaction)
 * run in the job runner. Admin only, CSRF and the impersonation audit by the /api/ write defaults.
 */
export default async function adminSignalsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  app.post(
    '/signals',
    {
      preValidation: async (request) => void requireAdmin(request),
      schema: {
        summary: "Set a project's signals and recompute it (admin)",
        params: Params,
        body: SignalsBody,
        response: replies(SignalChangesResult),
      },
    },
    async (request): Promise<{ changes: ScoreChange[] }> => {
      requireAdmin(request);
      const { id } = request.params;
      const { signals } = request.body;
      const unknown = Object.keys(signals).filter((k) => !KNOWN.has(k));
      if (unknown.length > 0) {
        throw badRequest(
          `Unknown signal${unknown.length === 1 ? '' : 's'}: ${unknown.slice(0, 10).join(', ')}`,
          Object.fromEntries(unknown.slice(0, 20).map((k) => [`signals.${k}`, 'Unknown signal'])),
        );
      }
      try {
        const changes = await applySignalChanges(app.db, id, signals, { asOf: app.clock.now() });
        return { changes };
      } catch (err) {
        if (err instanceof ProjectNotFoundError) throw notFound('Project not found.');
        if (err instanceof UnknownSignalError) {
          throw badRequest(
            err.message,
            Object.fromEntries(err.keys.map((k) => [`signals.${k}`, 'Unknown signal'])),
          );
        }
        if (err instanceof TypeError) throw new AppError(400, 'ValidationError', err.message);
        throw err;
      }
    },
  );
}
