/**
 * `npm run import -- FILE.json` — loads real project data of the seed's shape (server/seed/shape.ts).
 *
 * The file holds an array of project records, or `{ "projects": [...] }`. Every record is validated; a bad
 * record is reported with its index, id and the failing field, and skipped. Records carry signals, never scores
 * (server/ratings/methodology.ts): valid records are upserted by id and recomputed in one transaction, which also
 * reranks all projects and queues the notification jobs of what changed.
 *
 * The database is the server's: DATABASE_URL, else PGlite under DATA_DIR. PGlite allows one process at a time,
 * so stop the server before importing into it; on PostgreSQL a running server picks the change up by itself
 * (its search index polls for changes).
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Db } from '../db/client';
import { openDatabase } from '../db/client';
import { loadConfig } from '../config';
import { enqueue } from '../jobs/queue';
import { enqueueChangeNotifications, recomputeProjects, type ScoreChange } from '../ratings/recompute';
import { upsertProjects } from '../seed/load';
import { ProjectRecord } from '../seed/shape';

export type ImportError = { index: number; id?: string; field: string; message: string };
export type ImportResult = {
  imported: number;
  errors: ImportError[];
  /** Projects whose score, tier or badges changed (a snapshot each, and a notify-change job when watched). */
  changes: ScoreChange[];
  /** Alerts not stored before (a notify-incident job each). */
  newAlertIds: number[];
};

/**
 * Validates `data`, upserts its valid records (signals merged into the stored ones), recomputes those projects
 * (reason 'import') and queues a notify-change job per score change of a watched project and a notify-incident job
 * per new alert — all in one transaction. Importing the same data again changes nothing and queues nothing.
 */
export async function importProjects(db: Db, data: unknown, options: { asOf?: Date } = {}): Promise<ImportResult> {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { projects?: unknown }).projects)
      ? (data as { projects: unknown[] }).projects
      : undefined;
  if (!list) {
    return {
      imported: 0,
      errors: [
        { index: -1, field: '(file)', message: 'Expected an array of projects or { "projects": [...] }' },
      ],
      changes: [],
      newAlertIds: [],
    };
  }
  const errors: ImportError[] = [];
  const valid: ProjectRecord[] = [];
  const seen = new Map<string, number>();
  list.forEach((raw, index) => {
    const id =
      raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string'
        ? ((raw as { id: string }).id as string)
        : undefined;
    const result = ProjectRecord.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push({ index, id, field: issue.path.join('.') || '(record)', message: issue.message });
      }
      return;
    }
    const first = seen.get(result.data.id);
    if (first !== undefined) {
      errors.push({ index, id, field: 'id', message: `Duplicate of record ${first}` });
      return;
    }
    seen.set(result.data.id, index);
    valid.push(result.data);
  });
  let changes: ScoreChange[] = [];
  let newAlertIds: number[] = [];
  if (valid.length > 0) {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      ({ newAlertIds } = await upsertProjects(t, valid));
      changes = await recomputeProjects(t, { ids: valid.map((r) => r.id), reason: 'import', asOf: options.asOf });
      await enqueueChangeNotifications(t, changes);
      for (const alertId of newAlertIds) {
        await enqueue(t, 'notify-incident', { alertId }, { singletonKey: `notify-incident:${alertId}` });
      }
    });
  }
  return { imported: valid.length, errors, changes, newAlertIds };
}

export function formatError(e: ImportError): string {
  if (e.index < 0) return `${e.field}: ${e.message}`;
  return `record ${e.index}${e.id ? ` (id "${e.id}")` : ''}: ${e.field}: ${e.message}`;
}

async function main(argv: string[]): Promise<number> {
  const file = argv.find((a) => !a.startsWith('-'));
  if (!file) {
    console.error('Usage: npm run import -- FILE.json');
    return 2;
  }
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    console.error(`Cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { imported, errors } = await importProjects(database.db, data);
    for (const e of errors.slice(0, 200)) console.error(formatError(e));
    if (errors.length > 200) console.error(`… and ${errors.length - 200} more errors`);
    const rejected = new Set(errors.map((e) => e.index)).size;
    console.log(
      `Imported ${imported} project${imported === 1 ? '' : 's'}; rejected ${rejected} record${rejected === 1 ? '' : 's'}.`,
    );
    return rejected > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
