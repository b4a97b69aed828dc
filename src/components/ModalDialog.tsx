import type { ReactNode } from 'react';
import { Dialog, DialogPanel } from '@headlessui/react';
import { Icon } from './Icon';

export type ModalDialogProps = {
  onClose: () => void;
  /** The dialog root's class. */
  className: string;
  /** Classes beside `dialog-panel`. */
  panelClassName?: string;
  /** `data-scope` and `data-part` of the panel, which tests select on. */
  scope?: string;
  part?: string;
  /** The × button in the corner; off where the dialog asks for an answer (Cancel is the way out). */
  closeButton?: boolean;
  children: ReactNode;
};

/** The frame every modal dialog shares: backdrop, centring wrapper, panel and (by default) a close button. */
export function ModalDialog({
  onClose,
  className,
  panelClassName,
  scope,
  part,
  closeButton = true,
  children,
}: ModalDialogProps) {
  return (
    <Dialog open onClose={onClose} className={className}>
      <div className="dialog-backdrop" aria-hidden="true" />
      <div className="dialog-wrap">
        <DialogPanel
          className={`dialog-panel ${panelClassName ?? ''}`.trim()}
          data-scope={scope}
          data-part={part}
        >
          {closeButton && (
            <button type="button" className="dialog-close" aria-label="Close" onClick={onClose}>
              <Icon name="close" />
            </button>
          )}
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** The frame the watchlist dialogs share (create, import, share, the project picker); tests find the panel by scope. */
export function WatchlistDialog({
  onClose,
  panelClassName,
  scope,
  children,
}: {
  onClose: () => void;
  panelClassName: string;
  scope: string;
  children: ReactNode;
}) {
  return (
    <ModalDialog
      onClose={onClose}
      className="watchlist-dialog"
      panelClassName={panelClassName}
      scope={scope}
      part="panel"
    >
      {children}
    </ModalDialog>
  );
}
