import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { sendTo } from 'xstate';
import type { ProjectRow } from '../../../api/projects';
import { watchlistExportUrl } from '../../../api/watchlist';
import { createWatchlistMachine } from '../../../machines/watchlist/create/createWatchlist.machine';
import type { watchlistPickerMachine } from '../../../machines/watchlist/picker/watchlistPicker.machine';
import { livePickerMachine } from '../../components/livePicker';
import { importDialogLogic, shareDialogLogic } from './watchlistDialogs.logic';

// Opened on intent: their code loads beside the page, not in its first chunk.
const WatchlistProjectsTable = lazy(() =>
  import('./WatchlistProjectsTable').then((m) => ({ default: m.WatchlistProjectsTable })),
);
// The dialogs (and Headless UI's Dialog with them) load when one opens, not with the page.
const CreateWatchlistModal = lazy(() =>
  import('./CreateWatchlistModal').then((m) => ({ default: m.CreateWatchlistModal })),
);
const DeleteWatchlistDialog = lazy(() => import('./DeleteWatchlistDialog'));
const ShareWatchlistDialog = lazy(() => import('./ShareWatchlistDialog'));
const ImportWatchlistDialog = lazy(() => import('./ImportWatchlistDialog'));
const ProjectPickerModal = lazy(() =>
  import('../../components/ProjectPickerModal').then((m) => ({ default: m.ProjectPickerModal })),
);
import { connectWatchlist } from '../../../machines/watchlist/list/watchlist.connect';
import { useWatchlistActor, type WatchlistActorRef } from '../../app/hooks';
import { inspect } from '../../lib/inspect';
import { RetryButton } from '../../components/RetryButton';
import { WhileOpen } from '../../components/WhileOpen';

type Props = {
  /** Replaces the picker's search (tests). */
  pickerLogic?: typeof watchlistPickerMachine;
  /** Replaces the projects-list call behind the table (tests). */
  loadRows?: (ids: string[]) => Promise<ProjectRow[]>;
};

/** The /my/watchlists page body: lists, the selected list's projects, the modals. */
export function WatchlistsView(props: Props) {
  const actorRef = useWatchlistActor();
  // The watchlist's code loads with the session's sign-in: until it is there, the page's loading state.
  if (!actorRef) return <Loading />;
  return <Watchlists actorRef={actorRef} {...props} />;
}

const Loading = () => (
  <div className="watchlists-layout" aria-busy="true">
    <span className="skeleton" style={{ display: 'block', height: 240 }} />
    <span className="skeleton" style={{ display: 'block', height: 240 }} />
  </div>
);

/** One of the selected list's small buttons in its header (Add Projects the primary one). */
function ListAction({
  primary = false,
  disabled,
  onClick,
  children,
}: {
  primary?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={primary ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function Watchlists({ actorRef, pickerLogic, loadRows }: Props & { actorRef: WatchlistActorRef }) {
  const view = useSelector(actorRef, connectWatchlist);
  // The dialogs tell the page's watchlist actor what they did, by events: each one's report is provided as a
  // sendTo that actor.
  const logic = useMemo(
    () => ({
      form: createWatchlistMachine.provide({
        actions: {
          submitted: sendTo(actorRef, (_, { name, purpose }) =>
            purpose === 'rename' ? { type: 'RENAME' as const, name } : { type: 'CREATE' as const, name },
          ),
        },
      }),
      // What the share and import dialogs wrote, as the server answered, goes into the page's lists.
      share: shareDialogLogic.provide({
        actions: {
          changed: sendTo(actorRef, (_, { listId, token }) => ({
            type: 'LIST_CHANGED' as const,
            id: listId,
            shareToken: token,
          })),
        },
      }),
      importer: importDialogLogic.provide({
        actions: {
          imported: sendTo(actorRef, (_, { listId, projects }) => ({
            type: 'LIST_CHANGED' as const,
            id: listId,
            projects,
          })),
        },
      }),
      picker: (pickerLogic ?? livePickerMachine).provide({
        actions: {
          added: sendTo(actorRef, (_, { projectId }) => ({ type: 'TOGGLE' as const, projectId })),
        },
      }),
    }),
    [actorRef, pickerLogic],
  );
  const form = useActorRef(logic.form, { inspect });
  const share = useActorRef(logic.share, { inspect });
  const importer = useActorRef(logic.importer, { inspect });
  const picker = useActorRef(logic.picker, { input: { mode: 'single' }, inspect });

  const names = view.lists.filter((l) => l.id !== 'temp').map((l) => l.name);
  const openCreate = () => form.send({ type: 'OPEN', existingNames: names, purpose: 'create' });
  const openRename = () =>
    form.send({
      type: 'OPEN',
      existingNames: names.filter((n) => n !== view.selected?.name),
      name: view.selected?.name ?? '',
      purpose: 'rename',
    });
  const openPicker = () => picker.send({ type: 'OPEN', existing: view.selected?.projects ?? [] });
  const login = () => actorRef.send({ type: 'TOGGLE', projectId: '' });

  if (!view.signedIn && !view.checkingSession) {
    return (
      <div className="watchlist-empty card">
        <h2>Keep track of the projects you care about</h2>
        <p className="muted">Log in to create watchlists and follow their security scores.</p>
        <button type="button" className="btn btn-primary" onClick={login}>
          Log in
        </button>
      </div>
    );
  }
  if (view.loadFailed) {
    return (
      <div className="watchlist-empty card" role="alert">
        <p>Something went wrong</p>
        <RetryButton onRetry={() => actorRef.send({ type: 'RELOAD' })} className="btn btn-secondary" />
      </div>
    );
  }
  if (!view.ready || !view.selected) return <Loading />;

  const selected = view.selected;
  return (
    <div className="watchlists-layout">
      <aside className="watchlists-nav" aria-label="Your watchlists">
        <ul>
          {view.lists.map((l, i) => (
            <li key={l.id}>
              <button
                type="button"
                className="watchlists-nav-item"
                aria-current={i === view.selectedIndex ? 'true' : undefined}
                disabled={view.busy}
                onClick={() => actorRef.send({ type: 'SELECT', index: i })}
                data-part="list-item"
              >
                <span className="watchlists-nav-name">{l.name}</span>
                <span className="watchlists-nav-count">{l.projects.length}</span>
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-secondary watchlists-create"
          disabled={view.busy}
          onClick={openCreate}
        >
          + Create Watchlist
        </button>
      </aside>

      <section className="watchlist-main" aria-labelledby="watchlist-title">
        <header className="watchlist-header">
          <div>
            <h2 id="watchlist-title">{selected.name}</h2>
            <p className="muted">
              {selected.projects.length === 1 ? '1 project' : `${selected.projects.length} projects`}
            </p>
          </div>
          <div className="watchlist-actions">
            <ListAction primary disabled={view.busy} onClick={openPicker}>
              Add Projects
            </ListAction>
            <ListAction disabled={view.busy} onClick={openRename}>
              Rename
            </ListAction>
            <ListAction disabled={!view.canDelete} onClick={() => actorRef.send({ type: 'DELETE' })}>
              Delete
            </ListAction>
            {!view.selectedIsTemp && (
              <>
                <ListAction
                  disabled={view.busy}
                  onClick={() =>
                    share.send({
                      type: 'OPEN',
                      listId: selected.id,
                      listName: selected.name,
                      token: selected.shareToken ?? null,
                    })
                  }
                >
                  {selected.shareToken ? 'Shared' : 'Share'}
                </ListAction>
                <ListAction
                  disabled={view.busy}
                  onClick={() =>
                    importer.send({ type: 'OPEN', listId: selected.id, listName: selected.name })
                  }
                >
                  Import
                </ListAction>
                <a className="btn btn-ghost btn-sm" href={watchlistExportUrl(selected.id, 'csv')} download>
                  Export CSV
                </a>
                <a className="btn btn-ghost btn-sm" href={watchlistExportUrl(selected.id, 'json')} download>
                  Export JSON
                </a>
              </>
            )}
          </div>
        </header>

        {selected.projects.length === 0 ? (
          <div className="watchlist-empty">
            <h3>This watchlist is empty</h3>
            <p className="muted">Add projects to follow their scores, tiers and audits in one place.</p>
            <div className="watchlist-empty-actions">
              <button type="button" className="btn btn-primary" onClick={openPicker} disabled={view.busy}>
                Add Projects
              </button>
              <Link href="/" className="btn btn-secondary">
                Browse the leaderboard
              </Link>
            </div>
          </div>
        ) : (
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <WatchlistProjectsTable
              projectIds={selected.projects}
              loadRows={loadRows}
              disabled={view.busy}
              onRemove={(projectId) => actorRef.send({ type: 'TOGGLE', projectId })}
            />
          </Suspense>
        )}
      </section>

      {/* Each dialog's code (and Headless UI's) loads when it first opens, not with the page. */}
      <WhileOpen actor={form}>
        <CreateWatchlistModal actorRef={form} />
      </WhileOpen>
      <WhileOpen actor={share}>
        <ShareWatchlistDialog actorRef={share} />
      </WhileOpen>
      <WhileOpen actor={importer}>
        <ImportWatchlistDialog actorRef={importer} />
      </WhileOpen>
      <WhileOpen actor={picker}>
        <ProjectPickerModal actorRef={picker} subtitle={`Pick a project to add to ${selected.name}.`} />
      </WhileOpen>
      {view.confirmingDelete && (
        <Suspense fallback={null}>
          <DeleteWatchlistDialog
            name={selected.name}
            onCancel={() => actorRef.send({ type: 'CANCEL_DELETE' })}
            onConfirm={() => actorRef.send({ type: 'CONFIRM_DELETE' })}
          />
        </Suspense>
      )}
    </div>
  );
}
