import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { equivalentMutants, listMutants, readEquivalents } from '../mutation/equivalents';

// An equivalent mutant is found by the code it mutates. When that code changes, its entry must be rewritten or
// removed; otherwise `npm run test:mutation` would count the mutant against the machine, or a reason would sit
// beside code it no longer explains.
const entries = readEquivalents();
const files = [...new Set(entries.map((e) => e.file))];

describe('tests/mutation/equivalent.json', () => {
  it.each(files)('every entry for %s names exactly one mutant of today’s source', async (file) => {
    const source = readFileSync(file, 'utf8');
    const mutants = await listMutants(file);
    const unmatched = entries
      .filter((e) => e.file === file)
      .filter((e) => equivalentMutants(e, source, mutants).length !== 1)
      .map((e) => `${e.mutator} → ${e.replacement} at ${e.at}`);
    expect(unmatched).toEqual([]);
  });

  it('gives every entry a reason and no two entries the same mutant', async () => {
    expect(entries.filter((e) => e.reason.trim().length < 20).map((e) => e.at)).toEqual([]);
    const keys = await Promise.all(
      files.map(async (file) => {
        const source = readFileSync(file, 'utf8');
        const mutants = await listMutants(file);
        return entries
          .filter((e) => e.file === file)
          .flatMap((e) => equivalentMutants(e, source, mutants))
          .map((m) => `${file}:${m.location.start.line}:${m.location.start.column}:${m.mutatorName}:${m.replacement}`);
      }),
    );
    const all = keys.flat();
    expect(all.length).toBe(new Set(all).size);
  });
});
