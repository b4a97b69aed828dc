/** Zod schemas of the compare contract (GET /api/compare); see api/compare.ts. */
import { z } from 'zod';
import { COMPARE_MAX, COMPARE_MIN } from './compare';
import { ProjectRow } from './projects.schemas';
import { ScorePoint, SignalBreakdown } from './ratings.schemas';

/** One project id as the list carries it: no commas (they separate ids), no spaces or control characters. */
const ID = /^[^\s,\p{Cc}]{1,200}$/u;

/**
 * GET /api/compare?ids=a,b — 2 to 4 distinct project ids, comma-separated. Every refusal is an issue on `ids`, so
 * the 400 names the field.
 */
export const CompareQuery = z.object({
  ids: z
    .string()
    .max(4 * 201)
    .meta({ examples: ['ethereum,uniswap'] })
    .transform((text, ctx) => {
      const ids = text.split(',').map((s) => s.trim());
      if (ids.some((id) => !ID.test(id))) {
        ctx.addIssue({ code: 'custom', message: 'Expected project ids separated by commas' });
        return z.NEVER;
      }
      if (ids.length < COMPARE_MIN) {
        ctx.addIssue({ code: 'custom', message: `Name at least ${COMPARE_MIN} projects` });
        return z.NEVER;
      }
      if (ids.length > COMPARE_MAX) {
        ctx.addIssue({ code: 'custom', message: `Name at most ${COMPARE_MAX} projects` });
        return z.NEVER;
      }
      if (new Set(ids).size !== ids.length) {
        ctx.addIssue({ code: 'custom', message: 'Name each project once' });
        return z.NEVER;
      }
      return ids;
    }),
});

/** A project side by side: its row (scores, tier) and its overall score history over the last 90 days. */
export const CompareProject = ProjectRow.extend({
  /** The score at the start of the range, then every change inside it (as GET …/score-history answers). */
  history: z.array(ScorePoint),
});

/** One signal's value for each compared project, in the order of `projects`. */
export const CompareSignal = z.object({
  key: z.string(),
  label: z.string(),
  category: z.string(),
  /** The category's label ("Code Security"). */
  categoryLabel: z.string(),
  /** Largest minus smallest normalised value (0–100) across the projects: how much they differ on it. */
  spread: z.number(),
  values: z.array(
    SignalBreakdown.pick({ raw: true, display: true, normalized: true, contribution: true }).extend({
      projectId: z.string(),
    }),
  ),
});

export const Comparison = z.object({
  methodologyVersion: z.string(),
  /** In the order asked. */
  projects: z.array(CompareProject),
  /** The signals that differ most between them, largest spread first (signals on which all agree are left out). */
  signals: z.array(CompareSignal),
});
