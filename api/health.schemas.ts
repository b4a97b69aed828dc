/** Zod schemas of the operations routes: liveness and readiness (see docs/deploy.md). */
import { z } from 'zod';
import { ErrorBody } from './errors.schemas';

/** GET /api/health */
export const Health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const ReadinessChecks = z.object({
  database: z.enum(['up', 'down']),
  migrations: z.enum(['done', 'pending', 'unknown']),
  /** Present when REDIS_URL is set. */
  redis: z.enum(['up', 'down']).optional(),
  instance: z.enum(['serving', 'draining']),
});

/** GET /api/ready: 200 when ready, 503 naming what is not (with the same checks). */
export const Ready = z.object({ status: z.literal('ready'), checks: ReadinessChecks });
export const NotReady = ErrorBody.extend({ checks: ReadinessChecks });
