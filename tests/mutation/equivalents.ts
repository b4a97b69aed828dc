/**
 * Equivalent mutants (tests/mutation/equivalent.json): mutants no test can kill because they change nothing a caller
 * could see, each with its reason. They are keyed by the code they mutate, not by line and column, so an entry still
 * finds its mutant after the code around it moves; tests/unit/mutationEquivalents.test.ts fails when an entry no
 * longer matches the mutants Stryker makes of today's source, so a stale entry is never silently dropped.
 */
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { readFileSync } from 'node:fs';

/** Where a mutant starts and ends, as Stryker's JSON report gives it: lines and columns counted from 1. */
export type MutantLocation = { start: { line: number; column: number }; end: { line: number; column: number } };
export type MutantKey = { mutatorName: string; replacement?: string; location: MutantLocation };

/**
 * `at` is the trimmed source line where the mutant starts, with `⟪` marking its first character, e.g.
 * `return n >= 1 && ⟪n <= WATCHLIST_NAME_MAX;`. Where that is not enough, `original` is the mutated text (two mutants
 * starting at one place, e.g. `a && b` and `a`), and `occurrence` counts, from 1 in source order, which of the
 * mutants alike the entry means (the same line written twice in one machine).
 */
export type Equivalent = {
  file: string;
  mutator: string;
  replacement: string;
  at: string;
  original?: string;
  occurrence?: number;
  reason: string;
};

const EQUIVALENTS_FILE = 'tests/mutation/equivalent.json';
const MARK = '⟪';

export const readEquivalents = (): Equivalent[] =>
  JSON.parse(readFileSync(EQUIVALENTS_FILE, 'utf8')) as Equivalent[];

/** The mutant's start line, trimmed, with the mark inserted where the mutation begins. */
export function markedLine(source: string, location: MutantLocation): string {
  const line = source.split('\n')[location.start.line - 1] ?? '';
  const indent = line.length - line.trimStart().length;
  const at = location.start.column - 1 - indent;
  const trimmed = line.trim();
  return `${trimmed.slice(0, at)}${MARK}${trimmed.slice(at)}`;
}

/** The source text a mutant replaces. */
export function originalText(source: string, { start, end }: MutantLocation): string {
  const lines = source.split('\n').slice(start.line - 1, end.line);
  lines[lines.length - 1] = lines[lines.length - 1]!.slice(0, end.column - 1);
  lines[0] = lines[0]!.slice(start.column - 1);
  return lines.join('\n');
}

/** The mutants, among all of a file's, that an entry stands for: one, or none when the entry is stale. */
export function equivalentMutants<M extends MutantKey>(e: Equivalent, source: string, mutants: M[]): M[] {
  const alike = mutants
    .filter(
      (m) =>
        e.mutator === m.mutatorName &&
        e.replacement === (m.replacement ?? '') &&
        e.at === markedLine(source, m.location) &&
        (e.original === undefined || e.original === originalText(source, m.location)),
    )
    .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  if (e.occurrence !== undefined) return alike.slice(e.occurrence - 1, e.occurrence);
  return alike.length === 1 ? alike : [];
}

const quietLogger = new Proxy(
  {},
  { get: (_target, name) => (String(name).startsWith('is') ? () => false : () => undefined) },
) as ConstructorParameters<typeof Instrumenter>[0];

/** Every mutant Stryker makes of a file (the instrumenter alone: no test runs), located as in its JSON report. */
export async function listMutants(file: string, content = readFileSync(file, 'utf8')): Promise<MutantKey[]> {
  const { mutants } = await new Instrumenter(quietLogger).instrument([{ name: file, content, mutate: true }], {
    plugins: null,
    excludedMutations: [],
    ignorers: [],
  });
  // The instrumenter counts lines and columns from 0; the report from 1.
  const fromOne = ({ line, column }: { line: number; column: number }) => ({ line: line + 1, column: column + 1 });
  return mutants.map((m) => ({
    mutatorName: m.mutatorName,
    replacement: m.replacement,
    location: { start: fromOne(m.location.start), end: fromOne(m.location.end) },
  }));
}
