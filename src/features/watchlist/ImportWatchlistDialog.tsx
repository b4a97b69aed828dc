import { Description, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Tier } from '../../../api/projects';
import type { ImportPreview } from '../../../api/watchlist';
import {
  IMPORT_MESSAGES,
  watchlistImportMachine,
} from '../../../machines/watchlist/import/watchlistImport.machine';
import { TierBadge } from '../../components/TierBadge';
import { TableHead } from '../../components/TableHead';
import { ModalDialog } from '../../components/ModalDialog';

export type ImportActorRef = ActorRefFrom<typeof watchlistImportMachine>;

/** Import into a list: paste or choose a file, preview row by row, then add the matched projects. */
export default function ImportWatchlistDialog({ actorRef }: { actorRef: ImportActorRef }) {
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const done = useSelector(actorRef, (s) => s.matches('done'));
  const { listName, text, fileName, preview, error, added } = useSelector(actorRef, (s) => s.context);
  const close = () => actorRef.send({ type: 'CLOSE' });
  if (!open) return null;
  const matched = preview?.projects.length ?? 0;
  return (
    <ModalDialog
      onClose={close}
      className="watchlist-dialog"
      panelClassName="watchlist-import-panel"
      scope="import-watchlist"
      part="panel"
    >
      <DialogTitle as="h2">Import into “{listName}”</DialogTitle>
      {done ? (
        <>
          <p role="status" className="import-result">
            {IMPORT_MESSAGES.added(added ?? 0, listName)}
          </p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={close}>
              Done
            </button>
          </div>
        </>
      ) : (
        <>
          <Description as="p" className="muted">
            Paste project names, tickers or ids, one per line, or a CSV or JSON export of a watchlist.
          </Description>
          <div className="field">
            <label htmlFor="import-text">Projects to import</label>
            <textarea
              id="import-text"
              rows={5}
              value={text}
              disabled={busy}
              placeholder={'Uniswap\nAAVE\nlido-dao'}
              onChange={(e) => actorRef.send({ type: 'EDIT', text: e.target.value })}
            />
          </div>
          <div className="import-file-row">
            <label className="btn btn-secondary btn-sm import-file">
              Choose a file
              <input
                type="file"
                accept=".csv,.json,.txt,text/csv,application/json,text/plain"
                className="visually-hidden"
                disabled={busy}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) actorRef.send({ type: 'CHOOSE_FILE', file });
                  e.target.value = '';
                }}
              />
            </label>
            {fileName && <span className="muted">{fileName}</span>}
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy || text.trim() === ''}
              onClick={() => actorRef.send({ type: 'PREVIEW' })}
            >
              Preview
            </button>
          </div>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          {preview && <PreviewTable preview={preview} />}
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || !preview}
              onClick={() => actorRef.send({ type: 'IMPORT' })}
            >
              {preview ? `Import ${matched} ${matched === 1 ? 'project' : 'projects'}` : 'Import'}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const matched = preview.projects.length;
  return (
    <div className="import-preview">
      <p className="muted" role="status">
        {matched} of {preview.rows.length} {preview.rows.length === 1 ? 'row matches' : 'rows match'} a
        project.
      </p>
      <div className="import-preview-scroll">
        <table className="watchlist-table table-stacked">
          <TableHead columns={['Line', 'Input', 'Project', 'Status']} />
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.line} data-part="import-row" data-state={r.error ? 'error' : 'ok'}>
                <td data-label="Line">{r.line}</td>
                <td data-label="Input" className="import-input">
                  {r.input}
                </td>
                <td data-label="Project">
                  {r.project ? (
                    <span className="import-project">
                      {r.project.name} <TierBadge tier={r.project.tier as Tier} />
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td data-label="Status" className={r.error ? 'import-error' : 'import-ok'}>
                  {r.error ?? 'Will be added'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
