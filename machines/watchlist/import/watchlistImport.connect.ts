/**
 * The import dialog's view model: a snapshot and a send function in; what ImportWatchlistDialog shows (the form, the
 * preview row by row, the failure, the result once added) and prop getters for the text, the file, Preview, Import
 * and the closing buttons out. Read from tags and context, never state names.
 */
import type { SnapshotFrom } from 'xstate';
import { IMPORT_MESSAGES, type watchlistImportMachine } from './watchlistImport.machine';
import type { WatchlistImportEvent } from './watchlistImport.types';

const TEXT_ID = 'import-text';
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export function connectWatchlistImport(
  snapshot: SnapshotFrom<typeof watchlistImportMachine>,
  send: (event: WatchlistImportEvent) => void,
) {
  const { listName, text, fileName, preview, error, added } = snapshot.context;
  // While a file is read or a call runs, nothing starts another.
  const busy = snapshot.hasTag('busy');
  const matched = preview?.projects.length ?? 0;
  const close = () => send({ type: 'CLOSE' });
  return {
    open: snapshot.hasTag('open'),
    busy,
    close,
    title: `Import into “${listName}”`,
    /** The import added: only the result and Done show. */
    done: snapshot.hasTag('done'),
    resultText: IMPORT_MESSAGES.added(added ?? 0, listName),
    getResultProps: () => ({ role: 'status' as const, className: 'import-result' }),
    doneText: 'Done',
    getDoneButtonProps: () => ({ type: 'button' as const, className: 'btn btn-primary', onClick: close }),
    description: 'Paste project names, tickers or ids, one per line, or a CSV or JSON export of a watchlist.',
    textLabel: 'Projects to import',
    getTextLabelProps: () => ({ htmlFor: TEXT_ID }),
    getTextareaProps: () => ({
      id: TEXT_ID,
      rows: 5,
      value: text,
      disabled: busy,
      placeholder: 'Uniswap\nAAVE\nlido-dao',
      onChange: (e: { target: { value: string } }) => send({ type: 'EDIT', text: e.target.value }),
    }),
    fileText: 'Choose a file',
    getFileLabelProps: () => ({ className: 'btn btn-secondary btn-sm import-file' }),
    /** The file input: a chosen file is sent, and the input emptied so choosing the same file again counts. */
    getFileInputProps: () => ({
      type: 'file' as const,
      accept: '.csv,.json,.txt,text/csv,application/json,text/plain',
      className: 'visually-hidden',
      disabled: busy,
      onChange: (e: { target: { files: ArrayLike<File> | null; value: string } }) => {
        const file = e.target.files?.[0];
        if (file) send({ type: 'CHOOSE_FILE', file });
        e.target.value = '';
      },
    }),
    /** The chosen file's name, or null. */
    fileName,
    previewText: 'Preview',
    getPreviewButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-secondary btn-sm',
      disabled: busy || text.trim() === '',
      onClick: () => send({ type: 'PREVIEW' }),
    }),
    /** The failure shown under the form, or null. */
    error,
    getErrorProps: () => ({ className: 'field-error', role: 'alert' as const }),
    /** The preview, once there: its summary and what each row becomes. */
    preview: preview && {
      summary: `${matched} of ${preview.rows.length} ${plural(preview.rows.length, 'row matches', 'rows match')} a project.`,
      rows: preview.rows.map((r) => ({
        key: r.line,
        line: r.line,
        input: r.input,
        /** The matched project, or null ('—'). */
        project: r.project ? { name: r.project.name, tier: r.project.tier } : null,
        statusText: r.error ?? 'Will be added',
        getRowProps: () => ({ 'data-part': 'import-row', 'data-state': r.error ? 'error' : 'ok' }),
        getStatusCellProps: () => ({
          'data-label': 'Status',
          className: r.error ? 'import-error' : 'import-ok',
        }),
      })),
    },
    cancelText: 'Cancel',
    getCancelButtonProps: () => ({ type: 'button' as const, className: 'btn btn-secondary', onClick: close }),
    importText: preview ? `Import ${matched} ${plural(matched, 'project', 'projects')}` : 'Import',
    getImportButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-primary',
      disabled: busy || !preview,
      onClick: () => send({ type: 'IMPORT' }),
    }),
  };
}
