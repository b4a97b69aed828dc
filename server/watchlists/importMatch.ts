import { inArray, or, sql } from 'drizzle-orm';
import type { ImportRow } from '../../api/watchlist';
import type { Db } from '../db/client';
import { projects } from '../db/schema/index';
import type { ImportRequest } from './importText';

/** How the rows of a watchlist import become projects, or say why they cannot. */

type Candidate = {
  id: string;
  name: string;
  tier: string;
  score: number;
  logo: string;
  tokenTickers: string[];
};

/** Appends to a list in a map of lists. */
function push<K>(map: Map<K, Candidate[]>, key: K, value: Candidate) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const names = (found: Candidate[]) =>
  found
    .slice(0, 3)
    .map((p) => p.name)
    .join(', ') + (found.length > 3 ? ', …' : '');

/** Matches rows by id, then exact name (any case), then ticker (only when one project has it). */
export async function matchImportRows(db: Db, rows: ImportRequest[]): Promise<ImportRow[]> {
  const ids = new Set<string>();
  const lowerNames = new Set<string>();
  const tickers = new Set<string>();
  for (const r of rows) {
    for (const v of [r.id, r.query]) if (v) ids.add(v);
    for (const v of [r.name, r.query]) if (v) lowerNames.add(v.toLowerCase());
    for (const v of [r.ticker, r.query]) if (v) tickers.add(v.toUpperCase());
  }
  const candidates: Candidate[] =
    ids.size + lowerNames.size + tickers.size === 0
      ? []
      : await db
          .select({
            id: projects.id,
            name: projects.name,
            tier: projects.tier,
            score: projects.score,
            logo: projects.logo,
            tokenTickers: projects.tokenTickers,
          })
          .from(projects)
          .where(
            or(
              ids.size > 0 ? inArray(projects.id, [...ids]) : undefined,
              lowerNames.size > 0 ? inArray(sql`lower(${projects.name})`, [...lowerNames]) : undefined,
              tickers.size > 0
                ? sql`${projects.tokenTickers} && ARRAY[${sql.join(
                    [...tickers].map((t) => sql`${t}`),
                    sql`, `,
                  )}]::text[]`
                : undefined,
            ),
          );
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const byName = new Map<string, Candidate[]>();
  const byTicker = new Map<string, Candidate[]>();
  for (const c of candidates) {
    push(byName, c.name.toLowerCase(), c);
    for (const t of c.tokenTickers) push(byTicker, t.toUpperCase(), c);
  }

  const firstLine = new Map<string, number>();
  return rows.map((r): ImportRow => {
    const result = (project: Candidate | null, error: string | null): ImportRow => ({
      line: r.line,
      input: r.input,
      project: project
        ? {
            id: project.id,
            name: project.name,
            tier: project.tier,
            score: Math.round(project.score * 10) / 10,
            logo: project.logo,
          }
        : null,
      error,
    });
    if (!r.id && !r.name && !r.ticker && !r.query) return result(null, 'Nothing to import on this row.');
    const id = r.id ?? r.query;
    const name = r.name ?? r.query;
    const ticker = r.ticker ?? r.query;
    let project = id ? byId.get(id) : undefined;
    if (!project && name) {
      const found = byName.get(name.toLowerCase()) ?? [];
      if (found.length > 1)
        return result(null, `“${name}” is the name of ${found.length} projects: use its id.`);
      project = found[0];
    }
    if (!project && ticker) {
      const found = byTicker.get(ticker.toUpperCase()) ?? [];
      if (found.length > 1) {
        return result(
          null,
          `${ticker.toUpperCase()} is the ticker of ${found.length} projects (${names(found)}): use the name.`,
        );
      }
      project = found[0];
    }
    if (!project) return result(null, `No project matches “${r.input}”.`);
    const seen = firstLine.get(project.id);
    if (seen !== undefined) return result(project, `${project.name} is already on line ${seen}.`);
    firstLine.set(project.id, r.line);
    return result(project, null);
  });
}
