import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useActor } from '@xstate/react';
import { useEffect, useId } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { createImpersonation, deleteImpersonation } from '../../../api/impersonation';
import {
  impersonationMachine,
  type OpenRequestsEvent,
} from '../../../machines/impersonation/impersonation.machine';
import { request } from '../../lib/client';
import { isImpersonationShortcut, listenForOpen } from './open';
import './impersonation.css';
import { inspect } from '../../lib/inspect';

/** The impersonation machine with the real calls and a real page reload. */
export const liveImpersonationMachine = impersonationMachine.provide({
  actors: {
    switchUser: fromPromise<unknown, { userId: string }>(({ input }) =>
      createImpersonation(request, input.userId),
    ),
    exitImpersonation: fromPromise<unknown, { adminId: string }>(({ input }) =>
      deleteImpersonation(request, input.adminId),
    ),
    // While enabled: Alt+Shift+I and "Impersonate User" (also one made before this code had loaded) open the tool.
    openRequests: fromCallback<OpenRequestsEvent, { enabled: boolean }>(({ sendBack, receive, input }) => {
      const open = () => sendBack({ type: 'OPEN' });
      const onKey = (e: KeyboardEvent) => {
        if (isImpersonationShortcut(e)) {
          e.preventDefault();
          open();
        }
      };
      let stop: (() => void) | null = null;
      const listen = (enabled: boolean) => {
        if (enabled && !stop) {
          const stopOpenRequests = listenForOpen(open);
          window.addEventListener('keydown', onKey);
          stop = () => {
            stopOpenRequests();
            window.removeEventListener('keydown', onKey);
          };
        } else if (!enabled && stop) {
          stop();
          stop = null;
        }
      };
      listen(input.enabled);
      receive((event) => listen(event.enabled));
      return () => listen(false);
    }),
  },
  actions: {
    reloadPage: () => window.location.reload(),
  },
});

export type ImpersonationLayerProps = {
  /** The impersonationTool flag: the tool can be opened. */
  toolEnabled: boolean;
  /** Set while impersonating: the banner shows. */
  adminId: string | null;
  /** Who is being impersonated (shown in the banner). */
  subject: string;
  logic?: typeof liveImpersonationMachine;
};

/** The Impersonation Tool modal and the impersonation banner, driven by one machine. */
export default function ImpersonationLayer({
  toolEnabled,
  adminId,
  subject,
  logic,
}: ImpersonationLayerProps) {
  const [snapshot, send] = useActor(logic ?? liveImpersonationMachine, { input: { toolEnabled }, inspect });
  const inputId = useId();
  const errorId = useId();

  // The one place the flag (a prop: ImpersonationRoot mounts this layer for the banner too) becomes an event; the
  // machine's openRequests actor listens only while it is on. The first render's value is the input.
  useEffect(() => {
    send({ type: 'TOOL_ENABLED', enabled: toolEnabled });
  }, [toolEnabled, send]);

  const open = toolEnabled && snapshot.hasTag('open');
  const busy = snapshot.hasTag('busy');
  const error = snapshot.hasTag('error') ? snapshot.context.error : null;

  return (
    <>
      {adminId && (
        <div
          className="impersonation-banner"
          role="region"
          aria-label="Impersonation"
          data-scope="impersonation-banner"
        >
          <p>
            You are impersonating <strong data-part="subject">{subject || 'a user'}</strong>.
          </p>
          {!open && error && (
            <p className="impersonation-banner__error" role="alert" data-part="error">
              {error}
            </p>
          )}
          <button
            type="button"
            className="btn btn-sm impersonation-banner__exit"
            data-part="exit"
            disabled={busy}
            onClick={() => send({ type: 'EXIT', adminId })}
          >
            Exit Impersonation
          </button>
        </div>
      )}
      <Dialog
        open={open}
        onClose={() => send({ type: 'CLOSE' })}
        className="impersonation-dialog"
        data-scope="impersonation-tool"
      >
        <div className="dialog-backdrop" aria-hidden="true" />
        <div className="dialog-wrap">
          <DialogPanel className="dialog-panel impersonation-dialog__panel" data-part="panel">
            <DialogTitle as="h2">Impersonation Tool</DialogTitle>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                send({ type: 'SUBMIT' });
              }}
            >
              <label htmlFor={inputId} className="impersonation-dialog__label">
                User id
              </label>
              <input
                id={inputId}
                className="impersonation-dialog__input"
                data-part="user-id"
                value={snapshot.context.userId}
                onChange={(e) => send({ type: 'CHANGE', value: e.target.value })}
                autoComplete="off"
                spellCheck={false}
                maxLength={100}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                disabled={busy}
                data-autofocus
              />
              {error && (
                <p id={errorId} className="impersonation-dialog__error" role="alert" data-part="error">
                  {error}
                </p>
              )}
              <div className="dialog-actions">
                <button
                  type="button"
                  className="btn btn-secondary"
                  data-part="cancel"
                  onClick={() => send({ type: 'CLOSE' })}
                  disabled={busy}
                >
                  Cancel
                </button>
                <button
                  type="submit"
                  className="btn btn-primary"
                  data-part="submit"
                  disabled={!snapshot.can({ type: 'SUBMIT' })}
                >
                  Switch User
                </button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
