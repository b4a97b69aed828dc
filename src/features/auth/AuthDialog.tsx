import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ActorRefFrom } from 'xstate';
import type { authModalMachine } from '../../../machines/auth/modal/authModal.machine';
import { AuthForms } from './AuthForms';
import './auth.css';

/** The auth modal of wide screens: the auth forms in a Headless UI dialog. */
export default function AuthDialog({ actorRef }: { actorRef: ActorRefFrom<typeof authModalMachine> }) {
  return (
    <Dialog open onClose={() => actorRef.send({ type: 'CLOSE' })} className="auth-dialog" data-scope="auth-modal">
      <div className="auth-dialog__backdrop" aria-hidden="true" />
      <div className="auth-dialog__frame">
        <DialogPanel className="auth-dialog__panel" data-part="panel">
          <button
            type="button"
            className="auth-dialog__close"
            data-part="close"
            aria-label="Close"
            onClick={() => actorRef.send({ type: 'CLOSE' })}
          >
            ×
          </button>
          <AuthForms actorRef={actorRef} Title={DialogTitle} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
