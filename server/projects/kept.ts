import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { projects, tableVersions } from '../db/schema/index';
import type { ProjectDetail, ServedStrips } from '../../api/projects';
import type { Announcement } from '../../api/site';
import type { EncodedAnswer } from '../encodedAnswer';
import { sharedRead } from '../sharedRead';

/** The tables with a version in `table_versions` (migrations 0011, 0015, 0016 and 0018). */
type VersionedTable =
  | 'projects'
  | 'alerts'
  | 'contracts'
  | 'votes'
  | 'announcements'
  | 'audits'
  | 'audit_findings'
  | 'incidents';

/**
 * Values made from some tables alone, kept while those tables are unchanged. Each is stored with the tables'
 * versions (`table_versions`, each raised by a trigger with every statement that writes its table, whoever writes);
 * a reader that finds other versions makes the value again. Reading the versions is one primary-key lookup (on
 * PGlite, none until a write changes them). A value made while a write commits is kept under the older versions,
 * which no later reader asks for once the write is visible.
 */
export class KeptWhileUnchanged<T> {
  private readonly kept = new Map<string, { version: string; value: T; weight: number }>();
  private weight = 0;
  /**
   * The versions' read, built once: building the query per read took about a third of a kept answer's time on
   * PGlite. On PostgreSQL it is also a named statement, parsed once per connection. Requests at the same moment
   * share one read (sharedRead), each still seeing every write committed before it asked.
   */
  private readonly readVersions;
  /**
   * PGlite: the versions as last read, until the database tells of a write (Database.onVersionsChanged). Reading them
   * was a query on the server's own thread for every kept answer, most of a leaderboard page's time.
   */
  private known: string | undefined;
  /** Writes told of so far: a read that began before the latest is not kept as `known`. */
  private writesTold = 0;
  private readonly toldOfWrites: boolean;

  /** Keeps values made from `tables` up to `budget` in all, each weighing `weigh(value)`; the oldest go first. */
  constructor(
    database: Database,
    private readonly tables: readonly VersionedTable[],
    private readonly budget: number,
    private readonly weigh: (value: T) => number,
  ) {
    const versionsRead = database.db
      .select({ name: tableVersions.name, version: tableVersions.version })
      .from(tableVersions)
      .where(inArray(tableVersions.name, [...tables]))
      .prepare(`versions_of_${tables.join('_')}`);
    this.readVersions = sharedRead(() => versionsRead.execute());
    this.toldOfWrites = database.onVersionsChanged !== undefined;
    database.onVersionsChanged?.(() => {
      this.writesTold++;
      this.known = undefined;
    });
  }

  /** The value kept under `key` for the tables as they are now, else `make()`'s (then kept). */
  async get(key: string, make: () => Promise<T>): Promise<T> {
    const version = await this.version();
    const hit = this.kept.get(key);
    if (hit && hit.version === version) return hit.value;
    const value = await make();
    if (version === undefined) return value; // a counter row deleted by hand: nothing can be kept safely
    this.forget(key);
    const weight = this.weigh(value);
    this.kept.set(key, { version, value, weight });
    this.weight += weight;
    while (this.weight > this.budget) this.forget(this.kept.keys().next().value!);
    return value;
  }

  /** The tables' versions, in the order of `tables`, as one string. */
  private async version(): Promise<string | undefined> {
    if (this.known !== undefined) return this.known;
    const writesTold = this.writesTold;
    const rows = await this.readVersions();
    const versions = this.tables.map((table) => rows.find((r) => r.name === table)?.version);
    const version = versions.includes(undefined) ? undefined : versions.join(' ');
    if (this.toldOfWrites && writesTold === this.writesTold) this.known = version;
    return version;
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

/** Alerts answers kept: one per limit asked (1-50). */
const KEPT_ALERT_ANSWERS = 50;

/** Projects' pages kept (about 1 KB each): the ones people are looking at. */
const KEPT_PROJECT_PAGES = 2000;

/**
 * What one database's routes keep (shared by every route module of an app):
 * - `totals`: how many projects match a leaderboard filter. Counting 50,000 projects took 20 ms of a 25 ms page on
 *   PGlite.
 * - `answers`: whole answers of the public lists of projects (leaderboard pages, home's strips), encoded once. A
 *   leaderboard page still took 6 ms of the server's thread on PGlite with its total kept: its query, decoding its
 *   rows, encoding and compressing them.
 * - `alerts`: home's alerts strip, alerts with their project's name and logo.
 * - `projectPages`: a project as its page and GET /api/projects/:id show it to anyone (no vote of the visitor's
 *   own), by id. Its three queries were most of the API answer's time on PGlite.
 * - `homeStrips`: home's three strips as its HTML carries them (server/projects/strips.ts).
 * - `announcement`: the active announcement banner, which every page carries (server/site/pageData.ts).
 * - `voteAverage`: the average share of yes votes across all projects, which every project page carries.
 */
export type Kept = {
  totals: KeptWhileUnchanged<number>;
  answers: KeptWhileUnchanged<EncodedAnswer>;
  alerts: KeptWhileUnchanged<EncodedAnswer>;
  projectPages: KeptWhileUnchanged<ProjectDetail>;
  homeStrips: KeptWhileUnchanged<ServedStrips>;
  announcement: KeptWhileUnchanged<Announcement | null>;
  voteAverage: KeptWhileUnchanged<number>;
};

const keptByDatabase = new WeakMap<Database, Kept>();

/** The one Kept of a database. */
export function keptFor(database: Database): Kept {
  let kept = keptByDatabase.get(database);
  if (!kept) {
    kept = {
      totals: new KeptWhileUnchanged(database, ['projects'], KEPT_TOTALS, () => 1),
      answers: new KeptWhileUnchanged(database, ['projects'], KEPT_ANSWER_CHARACTERS, (a) => a.text.length),
      alerts: new KeptWhileUnchanged(database, ['alerts', 'projects'], KEPT_ALERT_ANSWERS, () => 1),
      projectPages: new KeptWhileUnchanged(
        database,
        ['projects', 'contracts', 'votes'],
        KEPT_PROJECT_PAGES,
        () => 1,
      ),
      homeStrips: new KeptWhileUnchanged(database, ['projects'], 1, () => 1),
      announcement: new KeptWhileUnchanged(database, ['announcements'], 1, () => 1),
      voteAverage: new KeptWhileUnchanged(database, ['votes'], 1, () => 1),
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
  return keptFor(database).totals.get(JSON.stringify([text, params]), async () => {
    const [counted] = await query;
    return counted?.n ?? 0;
  });
}
