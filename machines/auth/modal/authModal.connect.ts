import type { SnapshotFrom } from 'xstate';
import type { authModalMachine } from './authModal.machine';
import type { AuthModalView } from './authModal.types';
import { validate, type AuthField, type AuthView } from './authModal.validation';

const VIEWS: AuthView[] = ['login', 'signup', 'forgot-password', 'reset-forgotten-password', 'verify-email'];

/** What the auth forms show for a snapshot (reads tags and context, never state names). */
export function connect(snapshot: SnapshotFrom<typeof authModalMachine>): AuthModalView {
  const { context } = snapshot;
  const view = VIEWS.find((v) => snapshot.hasTag(v)) ?? null;
  const busy = snapshot.hasTag('busy');
  const validation = view ? validate(view, context) : { errors: {}, canSubmit: false };
  const errors: Partial<Record<AuthField, string>> = {};
  for (const [field, message] of Object.entries(validation.errors) as [AuthField, string][]) {
    if (context.touched[field]) errors[field] = message;
  }
  Object.assign(errors, context.fieldErrors);
  const cooling = snapshot.hasTag('cooling');
  return {
    open: snapshot.hasTag('open'),
    view,
    busy,
    errors,
    // The view's SUBMIT guard (its form is valid) in `editing`; nothing is taken while a request is in flight.
    canSubmit: snapshot.can({ type: 'SUBMIT' }),
    // RESEND is taken only in verify-email's `resend.ready` (no countdown, no resend in flight), with an email.
    canResend: snapshot.can({ type: 'RESEND' }),
    cooling,
    askEmail: view === 'verify-email' && !context.emailSupplied,
    error: context.error,
    notice: context.notice,
    values: {
      email: context.email,
      password: context.password,
      code: context.code,
      terms: context.terms,
    },
  };
}
