import type { Tags } from '../../core/tags';

/** Whether the tool starts enabled (the impersonationTool flag as the app knows it at start). */
export type ImpersonationInput = { toolEnabled?: boolean } | undefined;
export type ImpersonationContext = { userId: string; error: string | null; toolEnabled: boolean };
export type ImpersonationEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'CHANGE'; value: string }
  | { type: 'SUBMIT' }
  /** From the impersonation banner: back to the admin whose id the session carries. */
  | { type: 'EXIT'; adminId: string }
  /** The impersonationTool flag changed: whether the tool can be opened (its shortcut and open requests). */
  | { type: 'TOOL_ENABLED'; enabled: boolean };

/** What `openRequests` is told while it runs: listen for open requests or not. */
export type OpenRequestsEvent = { type: 'LISTEN'; enabled: boolean };

/** open (modal shown), busy (a call in flight), error (a message to show), exiting, reloading. */
export type ImpersonationTag = Tags<'open' | 'busy' | 'error', 'exiting' | 'reloading'>;

/** What the connected view needs of the page and the session. */
export type ImpersonationViewOptions = {
  /** The admin's id while impersonating (the session's `adminId`): the banner shows and Exit goes back to it. */
  adminId: string | null;
  /** Who is being impersonated (the session's email), named in the banner. */
  subject: string;
  /** The ids of the dialog's input and of its error line, which the input names. */
  ids: { input: string; error: string };
};

/** What ImpersonationLayer renders (`connectImpersonation`): the banner and the Impersonation Tool dialog. */
export type ImpersonationView = {
  /** The dialog shows: opened while the tool is enabled. */
  open: boolean;
  /** A call is in flight: the controls that would start another are disabled. */
  busy: boolean;
  /** The message of the last failed call, if it is shown. */
  error: string | null;
  /** The banner shows (impersonating). */
  bannerShown: boolean;
  /** Who the banner names ('a user' without an email). */
  subjectText: string;
  /** A failed exit's message, in the banner (the dialog being closed); null otherwise. */
  bannerError: string | null;
  texts: { title: string; label: string; cancel: string; submit: string; exit: string };
  getBannerProps: () => { role: 'region'; 'aria-label': string; 'data-scope': 'impersonation-banner' };
  getBannerErrorProps: () => { role: 'alert'; 'data-part': 'error' };
  getExitButtonProps: () => { type: 'button'; 'data-part': 'exit'; disabled: boolean; onClick: () => void };
  getDialogProps: () => { open: boolean; onClose: () => void; 'data-scope': 'impersonation-tool' };
  getFormProps: () => { onSubmit: (event: { preventDefault: () => void }) => void };
  getLabelProps: () => { htmlFor: string };
  getInputProps: () => {
    id: string;
    'data-part': 'user-id';
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    autoComplete: 'off';
    spellCheck: false;
    maxLength: number;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    disabled: boolean;
    'data-autofocus': true;
  };
  getErrorProps: () => { id: string; role: 'alert'; 'data-part': 'error' };
  getCancelButtonProps: () => {
    type: 'button';
    'data-part': 'cancel';
    onClick: () => void;
    disabled: boolean;
  };
  getSubmitButtonProps: () => { type: 'submit'; 'data-part': 'submit'; disabled: boolean };
};
