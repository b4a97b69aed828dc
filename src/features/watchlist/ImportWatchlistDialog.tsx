import { Description, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Tier } from '../../../api/projects';
import type { watchlistImportMachine } from '../../../machines/watchlist/import/watchlistImport.machine';
import { connectWatchlistImport } from '../../../machines/watchlist/import/watchlistImport.connect';
import type { WatchlistImportView } from '../../../machines/watchlist/import/watchlistImport.types';
import { TierBadge } from '../../components/TierBadge';
import { TableHead } from '../../components/TableHead';
import { WatchlistDialog } from '../../components/ModalDialog';

export type ImportActorRef = ActorRefFrom<typeof watchlistImportMachine>;

/** Import into a list: paste or choose a file, preview row by row, then add the matched projects. */
export default function ImportWatchlistDialog({ actorRef }: { actorRef: ImportActorRef }) {
  const snapshot = useSelector(actorRef, (s) => s);
  const view = connectWatchlistImport(snapshot, actorRef.send);
  if (!view.open) return null;
  return (
    <WatchlistDialog onClose={view.close} panelClassName="watchlist-import-panel" scope="import-watchlist">
      <DialogTitle as="h2">{view.title}</DialogTitle>
      {view.done ? (
        <>
          <p {...view.getResultProps()}>{view.resultText}</p>
          <div className="dialog-actions">
            <button {...view.getDoneButtonProps()}>{view.doneText}</button>
          </div>
        </>
      ) : (
        <>
          <Description as="p" className="muted">
            {view.description}
          </Description>
          <div className="field">
            <label {...view.getTextLabelProps()}>{view.textLabel}</label>
            <textarea {...view.getTextareaProps()} />
          </div>
          <div className="import-file-row">
            <label {...view.getFileLabelProps()}>
              {view.fileText}
              <input {...view.getFileInputProps()} />
            </label>
            {view.fileName && <span className="muted">{view.fileName}</span>}
            <button {...view.getPreviewButtonProps()}>{view.previewText}</button>
          </div>
          {view.error && <p {...view.getErrorProps()}>{view.error}</p>}
          {view.preview && <PreviewTable preview={view.preview} />}
          <div className="dialog-actions">
            <button {...view.getCancelButtonProps()}>{view.cancelText}</button>
            <button {...view.getImportButtonProps()}>{view.importText}</button>
          </div>
        </>
      )}
    </WatchlistDialog>
  );
}

function PreviewTable({ preview }: { preview: NonNullable<WatchlistImportView['preview']> }) {
  return (
    <div className="import-preview">
      <p className="muted" role="status">
        {preview.summary}
      </p>
      <div className="import-preview-scroll">
        <table className="watchlist-table table-stacked">
          <TableHead columns={['Line', 'Input', 'Project', 'Status']} />
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.key} {...r.getRowProps()}>
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
                <td {...r.getStatusCellProps()}>{r.statusText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
