import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ImpersonationActorRef } from './liveImpersonation';
import './impersonation.css';

export type ImpersonationLayerProps = {
  /** The app's impersonation actor. */
  actorRef: ImpersonationActorRef;
  /** Set while impersonating: the banner shows. */
  adminId: string | null;
  /** Who is being impersonated (shown in the banner). */
  subject: string;
};

/** The Impersonation Tool modal and the impersonation banner, driven by one machine. */
export default function ImpersonationLayer({ actorRef, adminId, subject }: ImpersonationLayerProps) {
  const snapshot = useSelector(actorRef, (s) => s);
  const send = actorRef.send;
  const inputId = useId();
  const errorId = useId();

  const open = snapshot.context.toolEnabled && snapshot.hasTag('open');
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
