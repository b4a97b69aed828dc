import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { SEARCH_LIMIT, SEARCH_MIN_KEYWORD, type ProjectSummary } from '../../api/projects';
import { nextTurn, type Database } from '../db/client';
import { LRUCache } from 'lru-cache';
import { EncodedResponse } from '../cache/response';

/**
 * The project search index behind GET /api/search-project.
 *
 * It lives in memory: built from the database after start (about 1 s at 50,000 projects), swapped in whole
 * on refresh() — called after seeding and after an import — and, on PostgreSQL, refreshed when a cheap
 * signature of the projects table changes (an import run from another process). PGlite allows one process
 * only, so there the server is the only writer.
 *
 * Matching is over the lower-cased name and tickers. A suffix array over all (name, ticker) keys turns
 * "contains the keyword" into one contiguous range, found by binary search; two min-segment-trees over that
 * array (one for every suffix, one for key starts only) then yield the best-ranked projects of the range in
 * rank order, so a query costs O(log n + k log n) whatever the keyword, with no scan. Order: exact name or
 * ticker, then prefix, then substring; ties by rank (projects are numbered in rank order). Responses are
 * cached per keyword (an LRU), with their compressed forms, so a repeated keyword costs one lookup.
 */

const SEP = '\u0000';
/** Suffixes are indexed up to this offset inside a key (longer names still match on their first 48 characters). */
const MAX_OFFSET = 48;
const NONE = 0x7fffffff;
/** Most cached responses (about 1.4 KB each, 2 KB with their compressed forms). */
const CACHED_RESPONSES = 5000;
/** Projects per read when the index is built (on PGlite a read of 10,000 held the server's thread for 0.2-0.35 s). */
const LOAD_PAGE = 2_500;

export type IndexedProject = ProjectSummary & { trendScore: number };

export class ProjectSearchIndex {
  readonly size: number;
  private readonly summaries: ProjectSummary[];
  private readonly json: (string | undefined)[];
  private readonly byId: Map<string, number>;
  private readonly exact: Map<string, number[]>;
  private readonly text: string;
  /** Suffix array: start positions in `text`, sorted by the suffix up to its key's end. */
  private readonly sa: Int32Array;
  private readonly treeSize: number;
  private readonly treeAll: Int32Array;
  private readonly treePrefix: Int32Array;
  private readonly trendingResponse: EncodedResponse;
  private readonly trendingList: ProjectSummary[];
  /** People type the same few thousand keywords over and over (the index is immutable; a refresh builds a new one). */
  private readonly responses = new LRUCache<string, EncodedResponse>({ max: CACHED_RESPONSES });

  /**
   * Builds the index: the keys with the event loop's turn every few thousand projects, then the suffix sort and the
   * trees over it (about 0.8 s of 1.2 s at 50,000 projects) in a worker thread, so the server keeps answering.
   */
  static async build(projects: IndexedProject[]): Promise<ProjectSearchIndex> {
    const keys = await indexKeys(projects);
    return new ProjectSearchIndex(keys, await indexArraysInWorker(keys));
  }

  private constructor(keys: IndexKeys, arrays: IndexArrays) {
    const { ordered } = keys;
    this.size = ordered.length;
    this.summaries = keys.summaries;
    this.json = new Array<string | undefined>(this.size);
    this.byId = keys.byId;
    this.exact = keys.exact;
    this.text = keys.text;
    this.sa = arrays.sa;
    this.treeSize = arrays.treeAll.length / 2;
    this.treeAll = arrays.treeAll;
    this.treePrefix = arrays.treePrefix;

    const trendingOrds = ordered
      .map((p, ord) => ({ ord, trend: p.trendScore }))
      .sort((a, b) => b.trend - a.trend || a.ord - b.ord)
      .slice(0, SEARCH_LIMIT)
      .map((t) => t.ord);
    this.trendingList = trendingOrds.map((o) => this.summaries[o]!);
    this.trendingResponse = new EncodedResponse(`[${trendingOrds.map((o) => this.jsonOf(o)).join(',')}]`);
  }

  /** A project's summary as JSON, made on first use (for 50,000 projects at once it held the thread ~90 ms). */
  private jsonOf(ord: number): string {
    return (this.json[ord] ??= JSON.stringify(this.summaries[ord]));
  }

  /** The project's summary (id → name, logo, …), or undefined. */
  get(id: string): ProjectSummary | undefined {
    const ord = this.byId.get(id);
    return ord === undefined ? undefined : this.summaries[ord];
  }

  /** Up to `limit` results for a keyword; a keyword under SEARCH_MIN_KEYWORD characters gives the trending list. */
  search(keyword: string, limit = SEARCH_LIMIT): ProjectSummary[] {
    const q = normalize(keyword);
    if (q.length < SEARCH_MIN_KEYWORD) return this.trendingList.slice(0, limit);
    return this.match(q, limit).map((o) => this.summaries[o]!);
  }

  /**
   * search() as a ready JSON array (the hot path: no serialisation per request), cached with its compressed forms,
   * each made once.
   */
  searchResponse(keyword: string): EncodedResponse {
    const q = normalize(keyword);
    if (q.length < SEARCH_MIN_KEYWORD) return this.trendingResponse;
    const cached = this.responses.get(q);
    if (cached !== undefined) return cached;
    const ords = this.match(q, SEARCH_LIMIT);
    let out = '[';
    for (let i = 0; i < ords.length; i++) out += (i ? ',' : '') + this.jsonOf(ords[i]!);
    out += ']';
    const response = new EncodedResponse(out);
    this.responses.set(q, response);
    return response;
  }

  private match(q: string, limit: number): number[] {
    const out: number[] = [];
    const seen = new Set<number>();
    for (const ord of this.exact.get(q) ?? []) {
      if (out.length >= limit) return out;
      out.push(ord);
      seen.add(ord);
    }
    const [lo, hi] = this.range(q.length > MAX_OFFSET ? q.slice(0, MAX_OFFSET) : q);
    if (lo >= hi) return out;
    this.collect(this.treePrefix, lo, hi, limit, out, seen, q);
    this.collect(this.treeAll, lo, hi, limit, out, seen, q);
    return out;
  }

  /** [lo, hi) of suffix-array entries that start with q. */
  private range(q: string): [number, number] {
    const cmp = (i: number): number => {
      // Compares the suffix at sa[i], cut to q's length, with q.
      const p = this.sa[i]!;
      for (let k = 0; k < q.length; k++) {
        const c = this.text.charCodeAt(p + k);
        const d = q.charCodeAt(k);
        if (c !== d) return c - d; // the separator (0) sorts first, so a shorter suffix is smaller
      }
      return 0;
    };
    let lo = 0;
    let hi = this.sa.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(mid) < 0) lo = mid + 1;
      else hi = mid;
    }
    const start = lo;
    hi = this.sa.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(mid) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return [start, lo];
  }

  /** Appends the best-ranked projects of tree leaves [lo, hi) to `out` (rank order, no repeats) until `limit`. */
  private collect(
    tree: Int32Array,
    lo: number,
    hi: number,
    limit: number,
    out: number[],
    seen: Set<number>,
    q: string,
  ): void {
    if (out.length >= limit) return;
    const heap = new MinHeap();
    for (let l = lo + this.treeSize, r = hi + this.treeSize; l < r; l >>= 1, r >>= 1) {
      if (l & 1) heap.push(tree[l]!, l++);
      if (r & 1) heap.push(tree[--r]!, r);
    }
    while (heap.length > 0 && out.length < limit) {
      const [value, node] = heap.pop();
      if (value === NONE) break;
      if (node >= this.treeSize) {
        if (!seen.has(value)) {
          // Keywords longer than MAX_OFFSET matched on their head only: confirm on the whole key.
          if (q.length <= MAX_OFFSET || this.contains(value, q)) out.push(value);
          seen.add(value);
        }
      } else {
        heap.push(tree[2 * node]!, 2 * node);
        heap.push(tree[2 * node + 1]!, 2 * node + 1);
      }
    }
  }

  private contains(ord: number, q: string): boolean {
    const s = this.summaries[ord]!;
    return normalize(s.name).includes(q) || s.tokenTickers.some((t) => normalize(t).includes(q));
  }
}

/** The projects in rank order and their keys: every suffix of a key (up to MAX_OFFSET into it) to be sorted. */
type IndexKeys = {
  ordered: IndexedProject[];
  summaries: ProjectSummary[];
  byId: Map<string, number>;
  /** Normalized key → projects with exactly that name or ticker. */
  exact: Map<string, number[]>;
  /** The keys joined, each ended by SEP. */
  text: string;
  /** Each suffix's start in `text`, its project, and whether it starts a key (1). */
  starts: Int32Array;
  ordOf: Int32Array;
  keyStart: Uint8Array;
};

/** Projects keyed between two turns of the event loop in indexKeys (about 40 ms of work at a time). */
const KEYED_PER_TURN = 10_000;

async function indexKeys(projects: IndexedProject[]): Promise<IndexKeys> {
  const ordered = [...projects].sort(
    (a, b) =>
      (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.id < b.id ? -1 : 1),
  );
  const summaries = ordered.map(({ id, rank, logo, name, tokenTickers }) => ({
    id,
    rank,
    logo,
    name,
    tokenTickers,
  }));
  const byId = new Map<string, number>();
  const exact = new Map<string, number[]>();
  const parts: string[] = [];
  const keyOrd: number[] = [];
  for (const [ord, s] of summaries.entries()) {
    if (ord % KEYED_PER_TURN === 0) await nextTurn();
    byId.set(s.id, ord);
    for (const key of new Set([normalize(s.name), ...s.tokenTickers.map(normalize)])) {
      if (!key) continue;
      parts.push(key);
      keyOrd.push(ord);
      const list = exact.get(key);
      if (list) {
        if (list[list.length - 1] !== ord) list.push(ord);
      } else exact.set(key, [ord]);
    }
  }
  await nextTurn();
  let count = 0;
  for (const key of parts) count += Math.min(key.length, MAX_OFFSET);
  const starts = new Int32Array(count);
  const ordOf = new Int32Array(count);
  const keyStart = new Uint8Array(count);
  let pos = 0;
  let i = 0;
  parts.forEach((key, k) => {
    const n = Math.min(key.length, MAX_OFFSET);
    for (let off = 0; off < n; off++, i++) {
      starts[i] = pos + off;
      ordOf[i] = keyOrd[k]!;
      keyStart[i] = off === 0 ? 1 : 0;
    }
    pos += key.length + 1;
  });
  return { ordered, summaries, byId, exact, text: parts.join(SEP) + SEP, starts, ordOf, keyStart };
}

/**
 * The suffixes in order: by their text up to their key's end (SEP, 0, sorts first, as a shorter string does), then
 * by project. Sorted on numbers, without a string per suffix: the first three characters packed into one number,
 * the rest compared in place. Self-contained (no outside names) because it also runs as a worker's source.
 */
export function sortSuffixes(text: string, starts: Int32Array, ordOf: Int32Array): Int32Array {
  const head = new Float64Array(starts.length);
  for (let i = 0; i < starts.length; i++) {
    const p = starts[i]!;
    const c0 = text.charCodeAt(p);
    const c1 = c0 ? text.charCodeAt(p + 1) : 0;
    const c2 = c1 ? text.charCodeAt(p + 2) : 0;
    head[i] = c0 * 4294967296 + c1 * 65536 + c2;
  }
  const order = Array.from({ length: starts.length }, (_, i) => i);
  order.sort((a, b) => {
    const h = head[a]! - head[b]!;
    if (h !== 0) return h;
    // Equal heads that end within three characters are equal suffixes; others go on from the fourth.
    if (head[a]! % 65536 !== 0) {
      for (let x = starts[a]! + 3, y = starts[b]! + 3; ; x++, y++) {
        const c = text.charCodeAt(x);
        const d = text.charCodeAt(y);
        if (c !== d) return c - d;
        if (c === 0) break;
      }
    }
    return ordOf[a]! - ordOf[b]!;
  });
  return Int32Array.from(order);
}

/** The suffix array and the two min-segment-trees over it (leaves in suffix order, each node the min of its two). */
type IndexArrays = { sa: Int32Array; treeAll: Int32Array; treePrefix: Int32Array };

/**
 * The index's arrays from the suffixes in order (sortSuffixes). Self-contained (no outside names, NONE written out)
 * because it runs as a worker's source.
 */
function indexArrays(
  order: Int32Array,
  starts: Int32Array,
  ordOf: Int32Array,
  keyStart: Uint8Array,
): IndexArrays {
  const none = 0x7fffffff;
  const sa = new Int32Array(order.length);
  let treeSize = 1;
  while (treeSize < order.length) treeSize *= 2;
  const treeAll = new Int32Array(2 * treeSize).fill(none);
  const treePrefix = new Int32Array(2 * treeSize).fill(none);
  for (let r = 0; r < order.length; r++) {
    const i = order[r]!;
    sa[r] = starts[i]!;
    treeAll[treeSize + r] = ordOf[i]!;
    if (keyStart[i]) treePrefix[treeSize + r] = ordOf[i]!;
  }
  for (let n = treeSize - 1; n >= 1; n--) {
    treeAll[n] = Math.min(treeAll[2 * n]!, treeAll[2 * n + 1]!);
    treePrefix[n] = Math.min(treePrefix[2 * n]!, treePrefix[2 * n + 1]!);
  }
  return { sa, treeAll, treePrefix };
}

/**
 * sortSuffixes and indexArrays in a worker thread (their sources are the functions' own; the key arrays are copied
 * there, the index's arrays moved back). On the server's thread they held it for 0.6-0.8 s at 50,000 projects.
 */
function indexArraysInWorker({ text, starts, ordOf, keyStart }: IndexKeys): Promise<IndexArrays> {
  // Compilers that keep function names wrap them in a `__name` helper the worker does not have.
  const source = `
    const { parentPort, workerData: [text, starts, ordOf, keyStart] } = require('node:worker_threads');
    const __name = (f) => f;
    const order = (${sortSuffixes.toString()})(text, starts, ordOf);
    const arrays = (${indexArrays.toString()})(order, starts, ordOf, keyStart);
    parentPort.postMessage(arrays, [arrays.sa.buffer, arrays.treeAll.buffer, arrays.treePrefix.buffer]);`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: [text, starts, ordOf, keyStart] });
    worker.once('message', (arrays: IndexArrays) => resolve(arrays));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the search index worker exited with ${code}`)));
  });
}

/** Lower case, trimmed, inner whitespace collapsed. */
export function normalize(s: string): string {
  return s.trim().toLowerCase().replace(/\s+/g, ' ').replaceAll(SEP, '');
}

/** A tiny binary min-heap of (value, node) pairs. */
class MinHeap {
  private readonly values: number[] = [];
  private readonly nodes: number[] = [];
  get length(): number {
    return this.values.length;
  }
  push(value: number, node: number): void {
    if (value === NONE) return;
    const v = this.values;
    const n = this.nodes;
    let i = v.length;
    v.push(value);
    n.push(node);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (v[p]! <= v[i]!) break;
      [v[p], v[i]] = [v[i]!, v[p]!];
      [n[p], n[i]] = [n[i]!, n[p]!];
      i = p;
    }
  }
  pop(): [number, number] {
    const v = this.values;
    const n = this.nodes;
    const top: [number, number] = [v[0]!, n[0]!];
    const lastV = v.pop()!;
    const lastN = n.pop()!;
    if (v.length > 0) {
      v[0] = lastV;
      n[0] = lastN;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < v.length && v[l]! < v[m]!) m = l;
        if (r < v.length && v[r]! < v[m]!) m = r;
        if (m === i) break;
        [v[m], v[i]] = [v[i]!, v[m]!];
        [n[m], n[i]] = [n[i]!, n[m]!];
        i = m;
      }
    }
    return top;
  }
}

type Row = {
  id: string;
  name: string;
  token_tickers: string[];
  rank: number | null;
  logo: string;
  trend_score?: number;
};

/** Loads every project's search fields (`pageSize` rows a read; smaller in tests). */
export async function loadIndex(database: Database, pageSize = LOAD_PAGE): Promise<ProjectSearchIndex> {
  // A page at a time, with the event loop's turn between: on PGlite one read of 50,000 rows held the server's
  // thread for half a second.
  const projects: IndexedProject[] = [];
  for (let after = ''; ;) {
    const page = rowsOf(
      await database.db.execute(sql`
        SELECT id, name, token_tickers, rank, logo, trend_score FROM projects
        WHERE id > ${after} ORDER BY id LIMIT ${pageSize}`),
    );
    for (const r of page)
      projects.push({
        id: r.id,
        name: r.name,
        tokenTickers: r.token_tickers,
        rank: r.rank,
        logo: r.logo,
        trendScore: Number(r.trend_score ?? 0),
      });
    if (page.length < pageSize) break;
    after = page[page.length - 1]!.id;
    await nextTurn();
  }
  return ProjectSearchIndex.build(projects);
}

/**
 * The live index of one database: built in the background at start (the server listens at once; a cold start
 * does not wait the second or two a large catalogue takes), answering from the database until it is in; then
 * refresh() and, on PostgreSQL, change polling.
 */
export class SearchService {
  private index: ProjectSearchIndex | undefined;
  private building: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private signature = '';
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly database: Database) {}

  /** The index, or undefined until its first build is done. */
  current(): ProjectSearchIndex | undefined {
    return this.index;
  }

  /** Starts the first build without waiting for it, and the change polling; a failed build is reported. */
  start(onError: (err: unknown) => void): void {
    this.refresh().catch(onError);
    this.watch();
  }

  /** The search response for a keyword: from the index, or from the database while the index is first built. */
  response(keyword: string): EncodedResponse | Promise<EncodedResponse> {
    if (this.index) return this.index.searchResponse(keyword);
    return searchDatabase(this.database, keyword).then((list) => new EncodedResponse(JSON.stringify(list)));
  }

  /** One project's summary, from the index or, before it is built, the database. */
  async project(id: string): Promise<ProjectSummary | undefined> {
    if (this.index) return this.index.get(id);
    const result = await this.database.db.execute(
      sql`SELECT id, rank, logo, name, token_tickers FROM projects WHERE id = ${id}`,
    );
    return rowsOf(result).map(toSummary)[0];
  }

  /**
   * Rebuilds from the database and swaps the new index in. A call during a build is answered by one more build
   * after it, so what the caller wrote before calling is in the index it waits for.
   */
  refresh(): Promise<void> {
    if (this.building) {
      this.queued ??= this.building
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          return this.refresh();
        });
      return this.queued;
    }
    this.building = (async () => {
      try {
        // The signature serves the polling only (PostgreSQL); on PGlite its scan of every project would hold the
        // server's thread (70-110 ms at 50,000) for nothing.
        if (this.database.driver === 'postgres') this.signature = await this.readSignature();
        this.index = await loadIndex(this.database);
      } finally {
        this.building = undefined;
      }
    })();
    return this.building;
  }

  /** On PostgreSQL another process (npm run import) may write projects: rebuild when the table changes. */
  watch(intervalMs = 30_000): void {
    if (this.database.driver !== 'postgres' || this.timer) return;
    this.timer = setInterval(() => {
      void this.readSignature()
        .then((sig) => (sig !== this.signature ? this.refresh() : undefined))
        .catch(() => undefined);
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops polling and waits for a build under way (it reads the database about to close). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await (this.queued ?? this.building)?.catch(() => undefined);
  }

  private async readSignature(): Promise<string> {
    const result = await this.database.db.execute(sql`
      SELECT count(*)::text || ':' || coalesce(sum(hashtext(id || name || array_to_string(token_tickers, ',')
        || coalesce(rank::text, '') || logo || trend_score::text)::bigint), 0)::text AS sig FROM projects`);
    const rows = ((result as { rows?: { sig: string }[] }).rows ?? []) as { sig: string }[];
    return rows[0]?.sig ?? '';
  }
}

/**
 * What the index answers, asked of the database (a scan: for the seconds before the index is built). Same
 * matching and order: normalized name or ticker containing the keyword; exact, then prefix, then the rest; ties
 * by rank, name, id. Fewer than SEARCH_MIN_KEYWORD characters: the trending projects.
 */
export async function searchDatabase(database: Database, keyword: string): Promise<ProjectSummary[]> {
  const q = normalize(keyword);
  const columns = sql`id, rank, logo, name, token_tickers`;
  const tieBreak = sql`rank NULLS LAST, name COLLATE "C", id COLLATE "C"`;
  const result =
    q.length < SEARCH_MIN_KEYWORD
      ? await database.db.execute(
          sql`SELECT ${columns} FROM projects ORDER BY trend_score DESC, ${tieBreak} LIMIT ${SEARCH_LIMIT}`,
        )
      : await database.db.execute(sql`
          WITH keyed AS (
            SELECT ${columns}, lower(btrim(regexp_replace(name, '\\s+', ' ', 'g'))) AS name_key,
              ARRAY(SELECT lower(btrim(regexp_replace(t, '\\s+', ' ', 'g'))) FROM unnest(token_tickers) t) AS ticker_keys
            FROM projects)
          SELECT ${columns} FROM keyed
          WHERE strpos(name_key, ${q}) > 0 OR EXISTS (SELECT 1 FROM unnest(ticker_keys) k WHERE strpos(k, ${q}) > 0)
          ORDER BY
            CASE WHEN name_key = ${q} OR ${q} = ANY(ticker_keys) THEN 0
                 WHEN starts_with(name_key, ${q}) OR EXISTS (SELECT 1 FROM unnest(ticker_keys) k WHERE starts_with(k, ${q}))
                   THEN 1
                 ELSE 2 END,
            ${tieBreak}
          LIMIT ${SEARCH_LIMIT}`);
  return rowsOf(result).map(toSummary);
}

function rowsOf(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}

function toSummary(r: Row): ProjectSummary {
  return { id: r.id, rank: r.rank, logo: r.logo, name: r.name, tokenTickers: r.token_tickers };
}

const services = new WeakMap<Database, SearchService>();

/** The one search service of a database (shared by every route module of an app). */
export function searchService(database: Database): SearchService {
  let s = services.get(database);
  if (!s) services.set(database, (s = new SearchService(database)));
  return s;
}
