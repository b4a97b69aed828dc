import { eq, inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, VersionsChange } from '../db/client';
import { projectVersions, tableVersions } from '../db/schema/index';
import type { ProjectDetail, ServedStrips } from '../../api/projects';
import type { Announcement } from '../../api/site';
import type { EncodedResponse } from './response';
import { coalesce, coalesceByKey } from './coalesce';

/** The tables with a version in `table_versions` (migrations 0011, 0015, 0016 and 0018). */
export type VersionedTable =
  'projects' | 'alerts' | 'contracts' | 'votes' | 'announcements' | 'audits' | 'audit_findings' | 'incidents';

/**
 * What a cached value is made from: whole tables (a list of projects), or one project's own data (its row,
 * contracts, votes, alerts, audits, incidents: migration 0020), so that a vote on one project leaves the others'
 * pages cached.
 */
export type DependsOn = { tables: readonly VersionedTable[] } | { project: string };

/** Versions of projects known on PGlite at once (a few bytes each; the rest are read again when asked). */
const KNOWN_PROJECT_VERSIONS = 10_000;

/**
 * The versions a cached value depends on, each raised by a trigger in the transaction of every statement that
 * writes what it counts, whoever writes. Reading them is one primary-key lookup; requests at the same moment share
 * one (coalesce). Each read is a statement prepared once: building the query per read took about a third of a
 * cached response's time on PGlite; on PostgreSQL it is also parsed once per connection.
 *
 * PGlite: the versions as last read are known until the database tells of a write to what they count
 * (Database.onVersionsChanged). Reading them was a query on the server's own thread for every cached response,
 * most of a leaderboard page's time.
 */
class Versions {
  private readonly tableReads = new Map<string, () => Promise<string | undefined>>();
  private readonly projectRead: (id: string) => Promise<string | undefined>;
  /** PGlite: the tables' versions by `tables.join(' ')`, and the projects' by id, until a notice. */
  private readonly knownTables?: Map<string, string>;
  private readonly knownProjects?: LRUCache<string, string>;
  /** Notices so far: a read that began before the latest is not kept as known. */
  private notices = 0;

  constructor(private readonly database: Database) {
    const read = database.db
      .select({ version: projectVersions.version })
      .from(projectVersions)
      .where(eq(projectVersions.projectId, sql.placeholder('id')))
      .prepare('project_version');
    this.projectRead = coalesceByKey(async (id: string) => {
      const [row] = await read.execute({ id });
      return row ? String(row.version) : undefined;
    });
    if (!database.onVersionsChanged) return;
    const knownTables = (this.knownTables = new Map());
    const knownProjects = (this.knownProjects = new LRUCache({ max: KNOWN_PROJECT_VERSIONS }));
    database.onVersionsChanged((change: VersionsChange) => {
      this.notices++;
      if ('table' in change) {
        for (const key of knownTables.keys())
          if (key.split(' ').includes(change.table)) knownTables.delete(key);
      } else if (change.project === null) knownProjects.clear();
      else knownProjects.delete(change.project);
    });
  }

  /** The versions of what `dependsOn` names, as one string; undefined when a counter is missing. */
  async of(dependsOn: DependsOn): Promise<string | undefined> {
    if ('project' in dependsOn)
      return this.knownOrRead(this.knownProjects, dependsOn.project, this.projectRead);
    return this.knownOrRead(this.knownTables, dependsOn.tables.join(' '), () =>
      this.tableRead(dependsOn.tables),
    );
  }

  private async knownOrRead(
    known: Map<string, string> | LRUCache<string, string> | undefined,
    key: string,
    read: (key: string) => Promise<string | undefined>,
  ): Promise<string | undefined> {
    const knownVersion = known?.get(key);
    if (knownVersion !== undefined) return knownVersion;
    const notices = this.notices;
    const version = await read(key);
    if (known && version !== undefined && notices === this.notices) known.set(key, version);
    return version;
  }

  /** These tables' versions, in the order given (the read is built on first use). */
  private tableRead(tables: readonly VersionedTable[]): Promise<string | undefined> {
    const key = tables.join(' ');
    let read = this.tableReads.get(key);
    if (!read) {
      const query = this.database.db
        .select({ name: tableVersions.name, version: tableVersions.version })
        .from(tableVersions)
        .where(inArray(tableVersions.name, [...tables]))
        .prepare(`versions_of_${tables.join('_')}`);
      read = coalesce(async () => {
        const rows = await query.execute();
        const versions = tables.map((table) => rows.find((r) => r.name === table)?.version);
        // A counter row deleted by hand: nothing can be cached safely.
        return versions.includes(undefined) ? undefined : versions.join(' ');
      });
      this.tableReads.set(key, read);
    }
    return read();
  }
}

/**
 * One LRU of values made from the database, each stored with the versions of what it was made from: a reader that
 * finds other versions makes the value again and replaces it. The least recently used go first once the values
 * weigh `maxSize` in all. A value made while a write commits is stored under the older versions, which no later
 * reader asks for once the write is visible.
 */
export class VersionedCache {
  private readonly entries: LRUCache<string, { version: string; value: unknown }>;
  private readonly versions: Versions;

  constructor(database: Database, maxSize: number) {
    this.entries = new LRUCache({ maxSize });
    this.versions = new Versions(database);
  }

  /** The value cached under `key` for `dependsOn` as it is now, else `make()`'s (then cached, weighing `size`). */
  async get<T>(
    key: string,
    dependsOn: DependsOn,
    make: () => Promise<T>,
    size: (value: T) => number,
  ): Promise<T> {
    const version = await this.versions.of(dependsOn);
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value as T;
    const value = await make();
    if (version === undefined) return value;
    this.entries.set(key, { version, value }, { size: Math.max(1, Math.ceil(key.length + size(value))) });
    return value;
  }
}

/** Values of one kind in a VersionedCache: their keys' prefix, what they are made from, and their weight. */
export class CachedValues<T> {
  constructor(
    private readonly cache: VersionedCache,
    private readonly name: string,
    private readonly dependsOn: (key: string) => DependsOn,
    private readonly size: (value: T) => number,
  ) {}

  /** The value cached under `key` while what it depends on is unchanged, else `make()`'s. */
  get(key: string, make: () => Promise<T>): Promise<T> {
    return this.cache.get(`${this.name} ${key}`, this.dependsOn(key), make, this.size);
  }
}

/**
 * What one database's cache holds in all, in characters of JSON (their compressed forms, made on demand, are a fifth
 * of that or less). A leaderboard page of 25 rows is about 12,000, a project's page about 1,000: a crawler's many
 * pages push out the least recently used.
 */
const CACHE_CHARACTERS = 12 * 1024 * 1024;

const tables = (...names: VersionedTable[]) => {
  const dependsOn: DependsOn = { tables: names };
  return () => dependsOn;
};
const theProject = (id: string): DependsOn => ({ project: id });
const jsonLength = (value: unknown) => JSON.stringify(value)?.length ?? 4;
/** A response's text, and room for its compressed forms. */
const responseSize = (response: EncodedResponse) => response.text.length * 1.25;
const NUMBER_SIZE = 16;

/**
 * What one database's routes cache (shared by every route module of an app), in one LRU:
 * - `leaderboardTotals`: how many projects match a leaderboard filter. Counting 50,000 projects took 20 ms of a
 *   25 ms page on PGlite.
 * - `listResponses`: whole responses of the public lists of projects (leaderboard pages, home's strips), encoded
 *   once. A leaderboard page still took 6 ms of the server's thread on PGlite with its total cached: its query,
 *   decoding its rows, encoding and compressing them.
 * - `alertResponses`: home's alerts strip, alerts with their project's name and logo.
 * - `projectDetails`: a project as its page and GET /api/projects/:id show it to anyone (no vote of the visitor's
 *   own), by id, until that project changes. Its three queries were most of the API response's time on PGlite.
 * - `homeStrips`: home's three strips as its HTML carries them (server/projects/strips.ts).
 * - `announcement`: the active announcement banner, which every page carries (server/site/pageData.ts).
 * - `voteAverage`: the average share of yes votes across all projects, which every project page carries.
 */
export type Caches = {
  leaderboardTotals: CachedValues<number>;
  listResponses: CachedValues<EncodedResponse>;
  alertResponses: CachedValues<EncodedResponse>;
  projectDetails: CachedValues<ProjectDetail>;
  homeStrips: CachedValues<ServedStrips>;
  announcement: CachedValues<Announcement | null>;
  voteAverage: CachedValues<number>;
};

const cachesByDatabase = new WeakMap<Database, Caches>();

/** The one cache of a database. */
export function cacheFor(database: Database): Caches {
  let caches = cachesByDatabase.get(database);
  if (!caches) {
    const cache = new VersionedCache(database, CACHE_CHARACTERS);
    caches = {
      leaderboardTotals: new CachedValues(cache, 'total', tables('projects'), () => NUMBER_SIZE),
      listResponses: new CachedValues(cache, 'list', tables('projects'), responseSize),
      alertResponses: new CachedValues(cache, 'alerts', tables('alerts', 'projects'), responseSize),
      projectDetails: new CachedValues<ProjectDetail>(cache, 'project', theProject, jsonLength),
      homeStrips: new CachedValues<ServedStrips>(cache, 'home-strips', tables('projects'), jsonLength),
      announcement: new CachedValues<Announcement | null>(
        cache,
        'announcement',
        tables('announcements'),
        jsonLength,
      ),
      voteAverage: new CachedValues(cache, 'vote-average', tables('votes'), () => NUMBER_SIZE),
    };
    cachesByDatabase.set(database, caches);
  }
  return caches;
}
