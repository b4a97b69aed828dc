import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { connectImpersonation } from '../../../machines/auth/impersonation/impersonation.connect';
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
  const ids = { input: useId(), error: useId() };
  const view = connectImpersonation(snapshot, actorRef.send, { adminId, subject, ids });

  return (
    <>
      {view.bannerShown && (
        <div className="impersonation-banner" {...view.getBannerProps()}>
          <p>
            You are impersonating <strong data-part="subject">{view.subjectText}</strong>.
          </p>
          {view.bannerError && (
            <p className="impersonation-banner__error" {...view.getBannerErrorProps()}>
              {view.bannerError}
            </p>
          )}
          <button className="btn btn-sm impersonation-banner__exit" {...view.getExitButtonProps()}>
            {view.texts.exit}
          </button>
        </div>
      )}
      <Dialog className="impersonation-dialog" {...view.getDialogProps()}>
        <div className="dialog-backdrop" aria-hidden="true" />
        <div className="dialog-wrap">
          <DialogPanel className="dialog-panel impersonation-dialog__panel" data-part="panel">
            <DialogTitle as="h2">{view.texts.title}</DialogTitle>
            <form {...view.getFormProps()}>
              <label className="impersonation-dialog__label" {...view.getLabelProps()}>
                {view.texts.label}
              </label>
              <input className="impersonation-dialog__input" {...view.getInputProps()} />
              {view.error && (
                <p className="impersonation-dialog__error" {...view.getErrorProps()}>
                  {view.error}
                </p>
              )}
              <div className="dialog-actions">
                <button className="btn btn-secondary" {...view.getCancelButtonProps()}>
                  {view.texts.cancel}
                </button>
                <button className="btn btn-primary" {...view.getSubmitButtonProps()}>
                  {view.texts.submit}
                </button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
