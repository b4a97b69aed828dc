import { useActorRef, useSelector } from '@xstate/react';
import { useId, type ElementType, type FormEvent, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { socialSignInUrl } from '../../../api/auth';
import { connect } from '../../../machines/auth/modal/authModal.connect';
import type { AuthModalView } from '../../../machines/auth/modal/authModal.types';
import type { authModalMachine } from '../../../machines/auth/modal/authModal.machine';
import type { AuthField } from '../../../machines/auth/modal/authModal.validation';
import type { resendTimerMachine } from '../../../machines/auth/resend-timer/resendTimer.machine';
import { connectResendTimer } from '../../../machines/auth/resend-timer/resendTimer.connect';
import { liveAuthProvidersMachine } from './liveAuth';
import './auth.css';
import { inspect } from '../../lib/inspect';

type AuthActor = ActorRefFrom<typeof authModalMachine>;

const TITLES = {
  login: 'Log in',
  signup: 'Sign up',
  'forgot-password': 'Forgot password',
  'reset-forgotten-password': 'Reset password',
  'verify-email': 'Verify your email',
} as const;

/**
 * The forms of the auth flow (login, signup, forgot-password, reset-forgotten-password, verify-email) for one
 * auth-modal actor: rendered in the modal and on the pages /auth/login and /auth/signup.
 */
export function AuthForms({
  actorRef,
  Title = 'h2',
  providersLogic = liveAuthProvidersMachine,
  documentTitle = false,
}: {
  actorRef: AuthActor;
  Title?: ElementType;
  providersLogic?: typeof liveAuthProvidersMachine;
  /** On the /auth pages the form's title is the page's title too (React places `<title>` in the head). */
  documentTitle?: boolean;
}) {
  const view = useSelector(actorRef, connect, sameView);
  const timer = useSelector(actorRef, (s) => s.children.resendTimer as ActorRefFrom<typeof resendTimerMachine> | undefined);
  if (!view.view) return null;
  const send = actorRef.send;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  const email = view.values.email.trim();

  return (
    <div className="auth-forms" data-scope="auth" data-part={view.view}>
      {documentTitle && <title>{`${TITLES[view.view]} — Sentinel Ratings`}</title>}
      <Title className="auth-forms__title">{TITLES[view.view]}</Title>
      {view.notice && (
        <p role="status" className="auth-forms__notice" data-part="notice">
          {view.notice}
        </p>
      )}
      {view.error && (
        <p role="alert" className="auth-forms__error" data-part="error">
          {view.error}
        </p>
      )}

      {view.view === 'login' && (
        <form onSubmit={onSubmit} noValidate aria-label="Log in">
          <EmailField actorRef={actorRef} view={view} />
          <PasswordField actorRef={actorRef} view={view} label="Password" autoComplete="current-password" />
          <button
            type="button"
            className="auth-forms__link"
            data-part="go-forgot-password"
            onClick={() => send({ type: 'GO_FORGOT_PASSWORD' })}
          >
            Forgot password?
          </button>
          <Submit view={view}>Log in</Submit>
          <SocialSignIn logic={providersLogic} />
          <SwitchTo actorRef={actorRef} view="signup" question="Don't have an account?">
            Sign up
          </SwitchTo>
        </form>
      )}

      {view.view === 'signup' && (
        <form onSubmit={onSubmit} noValidate aria-label="Sign up">
          <EmailField actorRef={actorRef} view={view} />
          <PasswordField
            actorRef={actorRef}
            view={view}
            label="Password"
            autoComplete="new-password"
            hint="At least 8 characters, with letters and numbers."
          />
          <label className="auth-forms__check">
            <input
              type="checkbox"
              checked={view.values.terms}
              onChange={(e) => send({ type: 'TOGGLE_TERMS', checked: e.currentTarget.checked })}
            />
            <span>
              I agree to the <a href="/company/terms-and-conditions">Terms and Conditions</a> and the{' '}
              <a href="/company/privacy-policy">Privacy Policy</a>
            </span>
          </label>
          <Submit view={view}>Sign up</Submit>
          <SocialSignIn logic={providersLogic} />
          <SwitchTo actorRef={actorRef} view="login" question="Already have an account?">
            Log in
          </SwitchTo>
        </form>
      )}

      {view.view === 'forgot-password' && (
        <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
          <p className="auth-forms__text">Enter your email and we will send you a code to reset your password.</p>
          <EmailField actorRef={actorRef} view={view} />
          <Submit view={view}>Send code</Submit>
          <BackToLogin actorRef={actorRef} />
        </form>
      )}

      {view.view === 'reset-forgotten-password' && (
        <form onSubmit={onSubmit} noValidate aria-label="Reset password">
          <p className="auth-forms__text">Enter the code sent to {email} and choose a new password.</p>
          <CodeField actorRef={actorRef} view={view} label="Reset code" first />
          <PasswordField
            actorRef={actorRef}
            view={view}
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters, with letters and numbers."
          />
          <Submit view={view}>Reset password</Submit>
          <BackToLogin actorRef={actorRef} />
        </form>
      )}

      {view.view === 'verify-email' && (
        <form onSubmit={onSubmit} noValidate aria-label="Verify your email">
          {view.askEmail ? (
            <EmailField actorRef={actorRef} view={view} />
          ) : (
            <p className="auth-forms__text">Enter the 6-digit code sent to {email}.</p>
          )}
          <CodeField actorRef={actorRef} view={view} label="Verification code" first={!view.askEmail} />
          <Submit view={view}>Verify</Submit>
          <div className="auth-forms__resend">
            <button
              type="button"
              className="btn btn-secondary"
              data-part="resend"
              disabled={!view.canResend}
              onClick={() => send({ type: 'RESEND' })}
            >
              Resend
            </button>
            {view.cooling && timer && <Countdown timer={timer} />}
          </div>
          <BackToLogin actorRef={actorRef} />
        </form>
      )}
    </div>
  );
}

/** Re-render only when what the form shows changed. */
function sameView(a: AuthModalView, b: AuthModalView) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function Countdown({ timer }: { timer: ActorRefFrom<typeof resendTimerMachine> }) {
  const view = connectResendTimer(useSelector(timer, (s) => s));
  return <span {...view.getCountdownProps()}>{view.text}</span>;
}

function Submit({ view, children }: { view: AuthModalView; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="btn btn-primary auth-forms__submit"
      data-part="submit"
      disabled={!view.canSubmit} aria-busy={view.busy}>
      {children}
    </button>
  );
}

/** The line under a form that goes to log in or sign up, after the question it answers if any. */
function SwitchTo({
  actorRef,
  view,
  question,
  children,
}: {
  actorRef: AuthActor;
  view: 'login' | 'signup';
  question?: string;
  children: ReactNode;
}) {
  return (
    <p className="auth-forms__switch">
      {question && <>{question} </>}
      <button
        type="button"
        className="auth-forms__link"
        data-part={`go-${view}`}
        onClick={() => actorRef.send({ type: view === 'login' ? 'GO_LOGIN' : 'GO_SIGNUP' })}
      >
        {children}
      </button>
    </p>
  );
}

function BackToLogin({ actorRef }: { actorRef: AuthActor }) {
  return (
    <SwitchTo actorRef={actorRef} view="login">
      Back to log in
    </SwitchTo>
  );
}

type FieldProps = { actorRef: AuthActor; view: AuthModalView };

function Field({
  actorRef,
  view,
  field,
  label,
  hint,
  first,
  ...input
}: FieldProps & {
  field: Exclude<AuthField, 'terms'>;
  label: string;
  hint?: string;
  type: string;
  autoComplete: string;
  inputMode?: 'email' | 'numeric' | 'text';
  maxLength?: number;
  /** The field the dialog focuses when it opens (Headless UI reads data-autofocus). */
  first?: boolean;
}) {
  const id = useId();
  const error = view.errors[field];
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="auth-forms__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={field}
        {...input}
        data-autofocus={first ? true : undefined}
        value={view.values[field]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => actorRef.send({ type: 'CHANGE', field, value: e.currentTarget.value })}
        onBlur={() => actorRef.send({ type: 'BLUR', field })}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="auth-forms__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="auth-forms__field-error" data-part="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function EmailField(props: FieldProps) {
  return <Field {...props} first field="email" label="Email" type="email" autoComplete="email" inputMode="email" />;
}

function PasswordField(props: FieldProps & { label: string; autoComplete: string; hint?: string }) {
  return <Field {...props} field="password" type="password" />;
}

function CodeField(props: FieldProps & { label: string; first?: boolean }) {
  return (
    <Field {...props} field="code" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
  );
}

/**
 * Where social sign-in comes back to: on the pages /auth/login and /auth/signup their own `callbackUrl`
 * (or home), as the credentials sign-in there does; elsewhere (the modal) the current page. The server
 * keeps same-site URLs only.
 */
function socialCallbackUrl(): string {
  if (typeof window === 'undefined') return '/';
  const { pathname, search, href } = window.location;
  if (pathname === '/auth/login' || pathname === '/auth/signup') {
    return new URLSearchParams(search).get('callbackUrl') ?? '/';
  }
  return href;
}

/** Social sign-in buttons, one per configured identity provider (from /api/auth/providers). */
function SocialSignIn({ logic }: { logic: typeof liveAuthProvidersMachine }) {
  const actorRef = useActorRef(logic, { inspect });
  const providers = useSelector(actorRef, (s) => s.context.providers);
  if (providers.length === 0) return null;
  const callbackUrl = socialCallbackUrl();
  return (
    <div className="auth-forms__social">
      <p className="auth-forms__or">or</p>
      {providers.map((p) => (
        <a key={p.id} className="btn btn-secondary auth-forms__provider" href={socialSignInUrl(p.id, callbackUrl)}>
          Continue with {p.name}
        </a>
      ))}
    </div>
  );
}
