import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../../../../../plugins/app/session';
import { SIGNAL_KEYS } from '../../../../../ratings/methodology';
import type { ScoreChange } from '../../../../../ratings/recompute';
import { adminOnly, replies, typed } from '../../../../../routing/schemas';
import { SignalChangesResult } from '../../../../../../api/ratings.schemas';

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
      preValidation: adminOnly,
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
      return { changes: await app.admin.setSignals(id, signals) };
    },
  );
}
