import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { projectSignals, type SignalValues } from '../db/schema/index';
import { lastComputedAt } from './recompute';

/** The stored signals of these projects and when each was last computed (a project with none is left out). */
export const storedSignalsIn = (
  db: Db,
  projectIds: string[],
): Promise<{ projectId: string; values: SignalValues; computedAt: Date | null }[]> =>
  db
    .select({
      projectId: projectSignals.projectId,
      values: projectSignals.values,
      computedAt: lastComputedAt,
    })
    .from(projectSignals)
    .where(inArray(projectSignals.projectId, projectIds));
