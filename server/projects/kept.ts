import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { projects, tableVersions } from '../db/schema/index';
import type { EncodedAnswer } from '../search/encodedAnswer';

/**
 * Values made from the projects table alone, kept while the table is unchanged. Each is stored with the table's
 * version (`table_versions`, raised by a trigger with every write, whoever writes); a reader that finds another
 * version makes the value again. Reading the version is one primary-key lookup. A value made while a write commits
 * is kept under the older version, which no later reader asks for once the write is visible.
 */
export class KeptWhileProjectsUnchanged<T> {
  private readonly kept = new Map<string, { version: number; value: T; weight: number }>();
  private weight = 0;

  /** Keeps values up to `budget` in all, each weighing `weigh(value)`; the oldest go first. */
  constructor(
    private readonly database: Database,
    private readonly budget: number,
    private readonly weigh: (value: T) => number,
  ) {}

  /** The value kept under `key` for the table as it is now, else `make()`'s (then kept). */
  async get(key: string, make: () => Promise<T>): Promise<T> {
    const [row] = await this.database.db
      .select({ version: tableVersions.version })
      .from(tableVersions)
      .where(eq(tableVersions.name, 'projects'));
    const version = row ? Number(row.version) : undefined;
    const hit = this.kept.get(key);
    if (hit && hit.version === version) return hit.value;
    const value = await make();
    if (version === undefined) return value; // its counter row deleted by hand: nothing can be kept safely
    this.forget(key);
    const weight = this.weigh(value);
    this.kept.set(key, { version, value, weight });
    this.weight += weight;
    while (this.weight > this.budget) this.forget(this.kept.keys().next().value!);
    return value;
  }

  private forget(key: string) {
    const entry = this.kept.get(key);
    if (!entry) return;
    this.kept.delete(key);
    this.weight -= entry.weight;
  }
}

/** Most filters whose totals are kept (a visitor's filters are few; a crawler's many are dropped oldest first). */
const KEPT_TOTALS = 500;

/**
 * JSON text kept for public answers, in characters (their compressed forms, made on demand, are a fifth of that or
 * less). A leaderboard page of 25 rows is about 12,000; a crawler's many pages push out the oldest.
 */
const KEPT_ANSWER_CHARACTERS = 8 * 1024 * 1024;

/**
 * What one database's routes keep (shared by every route module of an app):
 * - `totals`: how many projects match a leaderboard filter. Counting 50,000 projects took 20 ms of a 25 ms page on
 *   PGlite.
 * - `answers`: whole answers of the public lists (leaderboard pages, home's strips), encoded once. A leaderboard
 *   page still took 6 ms of the server's thread on PGlite with its total kept: its query, decoding its rows,
 *   encoding and compressing them.
 */
export type ProjectsKept = {
  totals: KeptWhileProjectsUnchanged<number>;
  answers: KeptWhileProjectsUnchanged<EncodedAnswer>;
};

const keptByDatabase = new WeakMap<Database, ProjectsKept>();

export function projectsKept(database: Database): ProjectsKept {
  let kept = keptByDatabase.get(database);
  if (!kept) {
    kept = {
      totals: new KeptWhileProjectsUnchanged(database, KEPT_TOTALS, () => 1),
      answers: new KeptWhileProjectsUnchanged(database, KEPT_ANSWER_CHARACTERS, (a) => a.json.length),
    };
    keptByDatabase.set(database, kept);
  }
  return kept;
}

/** How many projects match `condition` (kept by the text and parameters of its count). */
export function countProjects(database: Database, condition: SQL | undefined): Promise<number> {
  const query = database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(condition);
  const { sql: text, params } = query.toSQL();
  return projectsKept(database).totals.get(JSON.stringify([text, params]), async () => {
    const [counted] = await query;
    return counted?.n ?? 0;
  });
}
