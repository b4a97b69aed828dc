import Papa from 'papaparse';

/**
 * Reads what a user imports into a watchlist: our own CSV or JSON export, or a plain list of
 * project names, tickers or ids (one per line, or the first column of any CSV). Pure: it only says what each row
 * asks for; server/routes/api/watchlist/import.ts matches the rows against the projects.
 */

/** What one row asks for. `query` is a bare value that may be an id, a name or a ticker. */
export type ImportRequest = {
  line: number;
  input: string;
  id?: string;
  name?: string;
  ticker?: string;
  query?: string;
};

export type ParsedImport = { rows: ImportRequest[]; name: string | null };

export class ImportFormatError extends Error {}

/** More rows than a list can hold twice over is not a watchlist. */
export const IMPORT_ROWS_MAX = 1000;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Our CSV export prefixes cells a spreadsheet would run as a formula with `'`; undo that. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * The rows of a CSV (or plain list) with the line each starts on. Papa Parse guesses the delimiter (Excel writes `;`
 * where the decimal mark is a comma) and keeps a quoted cell's line breaks inside the cell. Blank lines are dropped
 * while guessing, else they would make a one-column guess look as consistent as the real one.
 */
function csvRows(source: string): { line: number; cells: string[] }[] {
  const { delimiter } = Papa.parse<string[]>(source, {
    delimiter: '',
    skipEmptyLines: 'greedy',
    preview: 20,
  }).meta;
  const rows: { line: number; cells: string[] }[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(source, {
    delimiter,
    step: (result) => {
      const cells = result.data.map((c) => unguard(c.trim()));
      if (cells.some((c) => c !== '')) rows.push({ line, cells });
      const end = result.meta.cursor;
      for (let i = start; i < end; i++) if (source[i] === '\n') line++;
      start = end;
    },
  });
  return rows;
}

function fromJson(source: string): ParsedImport {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    throw new ImportFormatError('The file is not valid JSON.');
  }
  const asObject =
    data !== null && typeof data === 'object' && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : null;
  const items = Array.isArray(data)
    ? data
    : asObject && Array.isArray(asObject.projects)
      ? asObject.projects
      : null;
  if (!items)
    throw new ImportFormatError(
      'The JSON holds no list of projects (an array, or an object with "projects").',
    );
  const rows = items.map((item: unknown, i): ImportRequest => {
    const line = i + 1;
    if (typeof item === 'string') return { line, input: item.trim(), query: text(item) };
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      return { line, input: JSON.stringify(item) ?? '' };
    const o = item as Record<string, unknown>;
    const tickers = Array.isArray(o.tokenTickers) ? o.tokenTickers : [];
    const ticker = text(o.ticker) ?? text(tickers[0]);
    const request = { id: text(o.id), name: text(o.name), ticker };
    return { line, input: request.name ?? request.id ?? ticker ?? JSON.stringify(item), ...request };
  });
  return { rows, name: text(asObject?.name) ?? null };
}

const HEADER_NAMES = new Set(['id', 'name', 'ticker', 'tickers', 'symbol']);

function fromLines(source: string): ParsedImport {
  const all = csvRows(source);
  const first = (all[0]?.cells ?? []).map((c) => c.toLowerCase());
  const header = first.some((c) => HEADER_NAMES.has(c)) ? first : null;
  const column = (...names: string[]) => (header ? header.findIndex((c) => names.includes(c)) : -1);
  const idAt = column('id');
  const nameAt = column('name');
  const tickerAt = column('ticker', 'tickers', 'symbol');
  const rows: ImportRequest[] = [];
  (header ? all.slice(1) : all).forEach(({ line, cells }) => {
    if (!header) {
      rows.push({ line, input: cells[0] ?? '', query: text(cells[0]) });
      return;
    }
    const at = (index: number) => (index >= 0 ? text(cells[index]) : undefined);
    // Our export lists a project's tickers space-separated; the first names it.
    const ticker = at(tickerAt)?.split(/\s+/)[0];
    const request = { id: at(idAt), name: at(nameAt), ticker };
    rows.push({ line, input: request.name ?? request.id ?? ticker ?? cells.join(', '), ...request });
  });
  return { rows, name: null };
}

/** Parses an import; throws ImportFormatError with a message for the user when it cannot be read at all. */
export function parseImport(source: string): ParsedImport {
  const trimmed = source.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') throw new ImportFormatError('Paste or choose a file with at least one project.');
  const parsed = /^[[{]/.test(trimmed) ? fromJson(trimmed) : fromLines(trimmed);
  if (parsed.rows.length === 0)
    throw new ImportFormatError('Paste or choose a file with at least one project.');
  if (parsed.rows.length > IMPORT_ROWS_MAX) {
    throw new ImportFormatError(`An import can have at most ${IMPORT_ROWS_MAX} rows.`);
  }
  return parsed;
}
