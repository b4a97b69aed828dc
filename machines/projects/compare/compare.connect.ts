import { COMPARE_MAX, compareHref, type Comparison } from '../../../api/compare';
import { COMPARE_MESSAGES } from './compare.machine';
import type { CompareChip, CompareSnapshot } from './compare.types';

/** What the compare page shows, from a snapshot of the compare machine. */
export function connectCompare(s: CompareSnapshot) {
  const { ids, comparison, rows, problem, error, copied } = s.context;
  const known = new Map<string, { name: string; logo: string }>();
  for (const r of rows) known.set(r.id, r);
  for (const p of comparison?.projects ?? []) known.set(p.id, p);
  const chips: CompareChip[] = ids.map((id) => ({
    id,
    name: known.get(id)?.name ?? id,
    logo: known.get(id)?.logo ?? null,
  }));
  const prompt = s.hasTag('prompt');
  const loading = s.hasTag('loading');
  // The last comparison stays on screen while the next one loads, when it is of projects still chosen.
  const sameIds = (c: Comparison) => c.projects.every((p) => ids.includes(p.id));
  const shown: Comparison | null =
    comparison && (s.hasTag('ready') || (loading && sameIds(comparison))) ? comparison : null;
  let message: string | null = null;
  if (prompt) message = ids.length === 0 ? COMPARE_MESSAGES.none : COMPARE_MESSAGES.one;
  else if (s.matches('tooMany')) message = COMPARE_MESSAGES.tooMany(ids.length);
  else if (s.matches('unknown')) message = `${problem ?? ''} ${COMPARE_MESSAGES.unknown}`.trim();
  else if (s.matches('invalid')) message = `${COMPARE_MESSAGES.invalid}${problem ? ` (${problem})` : ''}`;
  return {
    ids,
    chips,
    href: compareHref(ids),
    canAdd: ids.length < COMPARE_MAX,
    prompt,
    /** A refusal (too many, unknown, malformed): said as an alert. */
    problem: s.hasTag('problem'),
    message,
    loading,
    failed: s.hasTag('error'),
    error,
    comparison: shown,
    copied,
  };
}
