/**
 * Reads what a user imports into a watchlist (issue 15, item 15): our own CSV or JSON export, or a plain list of
 * project names, tickers or ids (one per line, or the first column of any CSV). Pure: it only says what each row
 * asks for; server/routes/watchlistImport.ts matches the rows against the projects.
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

/** One CSV line into cells (RFC 4180 quoting; a quoted cell cannot span lines in the files this reads). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((c) => unguard(c.trim()));
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
  const lines = source.split(/\r?\n/);
  const first = csvCells(lines[0] ?? '').map((c) => c.toLowerCase());
  const header = first.some((c) => HEADER_NAMES.has(c)) ? first : null;
  const column = (...names: string[]) => (header ? header.findIndex((c) => names.includes(c)) : -1);
  const idAt = column('id');
  const nameAt = column('name');
  const tickerAt = column('ticker', 'tickers', 'symbol');
  const rows: ImportRequest[] = [];
  lines.forEach((raw, i) => {
    if ((header && i === 0) || raw.trim() === '') return;
    const cells = csvCells(raw);
    const line = i + 1;
    if (!header) {
      rows.push({ line, input: cells[0] ?? '', query: text(cells[0]) });
      return;
    }
    const at = (index: number) => (index >= 0 ? text(cells[index]) : undefined);
    // Our export lists a project's tickers space-separated; the first names it.
    const ticker = at(tickerAt)?.split(/\s+/)[0];
    const request = { id: at(idAt), name: at(nameAt), ticker };
    rows.push({ line, input: request.name ?? request.id ?? ticker ?? raw.trim(), ...request });
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
