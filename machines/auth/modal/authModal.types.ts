import type { AuthField, AuthForm, AuthView } from './authModal.validation';

export type Credentials = { email: string; password: string };

/** Where the flow runs: the modal of wide screens, or the pages /auth/login and /auth/signup. */
export type AuthModalInput = {
  mode?: 'modal' | 'page';
  /** The view shown at start; absent = hidden until OPEN. */
  view?: 'login' | 'signup';
};

export type AuthModalContext = AuthForm & {
  mode: 'modal' | 'page';
  startView: 'login' | 'signup' | undefined;
  /** The credentials of the last sign-up, login or reset, used to sign in once the email is verified. */
  credentials: Credentials | null;
  /** verify-email: seconds until the server accepts Resend (0 = now); the countdown starts at once when > 0. */
  cooldownSeconds: number;
  /** Server answers shown on a field (e.g. UsernameExistsException on the email). */
  fieldErrors: Partial<Record<AuthField, string>>;
  /** Form-level error message. */
  error: string | null;
  /** Form-level success message. */
  notice: string | null;
};

export type AuthModalEvent =
  | { type: 'OPEN'; view?: 'login' | 'signup' | 'forgot-password' | 'verify-email'; email?: string }
  | { type: 'CLOSE' }
  | { type: 'GO_LOGIN' }
  | { type: 'GO_SIGNUP' }
  | { type: 'GO_FORGOT_PASSWORD' }
  | { type: 'CHANGE'; field: 'email' | 'password' | 'code'; value: string }
  | { type: 'TOGGLE_TERMS'; checked: boolean }
  | { type: 'BLUR'; field: AuthField }
  | { type: 'SUBMIT' }
  | { type: 'RESEND' };

/** The tags components read: open or closed, the view shown, and what is in flight. */
export type AuthModalTag = 'closed' | 'open' | AuthView | 'busy' | 'cooling' | 'resending';

/** Emitted after a successful sign-in (the app refetches the session and tells other tabs). */
export type AuthModalEmitted = { type: 'signedIn'; email: string };

/** What the auth forms render for a snapshot (`connect`). */
export type AuthModalView = {
  open: boolean;
  view: AuthView | null;
  busy: boolean;
  /** Messages to show per field: validation of touched fields, then server answers. */
  errors: Partial<Record<AuthField, string>>;
  canSubmit: boolean;
  /** verify-email: Resend is enabled (no countdown running, no resend in flight, an email known). */
  canResend: boolean;
  cooling: boolean;
  /** verify-email: ask for the email (it did not come from an earlier step). */
  askEmail: boolean;
  error: string | null;
  notice: string | null;
  values: { email: string; password: string; code: string; terms: boolean };
};
