import { assertEvent, assign, emit, setup } from 'xstate';
import { errorCode } from '../../../api/errors';
import { RESEND_COOLDOWN_SECONDS, resendTimerMachine } from '../resend-timer/resendTimer.machine';
import { AUTH_MESSAGES } from './authModal.messages';
import type {
  AuthModalContext,
  AuthModalEmitted,
  AuthModalEvent,
  AuthModalInput,
  AuthModalTag,
  Credentials,
} from './authModal.types';
import { emailKnown, normalizeCode, validate, type AuthField, type AuthView } from './authModal.validation';
import { notProvided, withError } from '../../core/requests';

/** What a failed request's error event carries into the guards and actions that read it. */
type Failure = { error: unknown };
/** The server's `retryAfterSeconds` of an actor's failure (`HttpError.retryAfterSeconds`), or 0. */
const retryAfterSeconds = (error: unknown): number => {
  const value = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : 0;
};
/** A guard: the request failed with one of these Cognito exception names (`HttpError.code`). */
const failedWith =
  (...codes: string[]) =>
  (_: unknown, { error }: Failure) =>
    codes.includes(errorCode(error) ?? '');

/** Who signed in: the address the sign-in was made with. */
const whoSignedIn = ({ context }: { context: AuthModalContext }) => ({
  email: context.credentials?.email ?? context.email.trim(),
});
/** A sign-in succeeded: the app hears who (and it is emitted), then the form forgets everything. */
const signedInActions = [
  { type: 'signedIn', params: whoSignedIn },
  { type: 'emitSignedIn', params: whoSignedIn },
  'forgetEverything',
] as const;

/**
 * After a reset or a verification: signs in with the credentials the form kept; success closes the modal, a
 * failure goes to login with its message.
 */
const signingInAgain = {
  tags: ['busy'],
  invoke: {
    id: 'signIn',
    src: 'signIn',
    input: ({ context }: { context: AuthModalContext }) => context.credentials ?? { email: '', password: '' },
    onDone: { target: '#authModal.hidden', actions: signedInActions },
    onError: {
      target: '#authModal.login',
      actions: { type: 'loginAfterFailedSignIn', params: withError },
    },
  },
} as const;

/**
 * A form's request failed: each failure a guard recognises goes back to `editing` with its message (the first that
 * matches), any other with the unknown error's.
 */
const backToEditing = <const Guard extends string, const Action extends string>(
  ...known: [guard: Guard, action: Action][]
) => [
  ...known.map(([guard, action]) => ({
    guard: { type: guard, params: withError },
    target: 'editing' as const,
    actions: action,
  })),
  { target: 'editing' as const, actions: 'showUnknownError' as const },
];

const emptyTouched = (): Record<AuthField, boolean> => ({
  email: false,
  password: false,
  code: false,
  terms: false,
});

/** A view's form, keeping the email (and marking it touched when there is one). */
const freshForm = (email: string) => ({
  email,
  password: '',
  code: '',
  terms: false,
  touched: { ...emptyTouched(), email: email.trim() !== '' },
  fieldErrors: {},
  error: null,
  notice: null,
});

const loginError = (error: unknown) =>
  errorCode(error) === 'NotAuthorizedException'
    ? AUTH_MESSAGES.loginMismatch
    : errorCode(error) === 'LimitExceededException'
      ? AUTH_MESSAGES.attemptLimit
      : AUTH_MESSAGES.unknown;

const valid =
  (view: AuthView) =>
  ({ context }: { context: AuthModalContext }) =>
    validate(view, context).canSubmit;

/**
 * The auth modal (spec §2 "Auth modal", §4 "Auth modal flow", §5, §8): the views login, signup,
 * forgot-password, reset-forgotten-password and verify-email, and hidden. Every view is `editing` until a
 * valid SUBMIT, then `submitting` (a second SUBMIT is ignored). A successful reset or verification signs in
 * with the same credentials and closes. Components read the tags open, busy, cooling, resending and the
 * view names; `authModal.connect.ts` turns a snapshot into what a form shows.
 */
export const authModalMachine = setup({
  types: {
    input: {} as AuthModalInput | undefined,
    context: {} as AuthModalContext,
    events: {} as AuthModalEvent,
    emitted: {} as AuthModalEmitted,
    tags: {} as AuthModalTag,
  },
  actors: {
    signIn: notProvided<unknown, Credentials>('signIn'),
    signUp: notProvided<unknown, Credentials>('signUp'),
    forgotPassword: notProvided<unknown, { email: string }>('forgotPassword'),
    resetPassword: notProvided<unknown, { email: string; code: string; newPassword: string }>(
      'resetPassword',
    ),
    verifyEmail: notProvided<unknown, { email: string; verificationCode: string }>('verifyEmail'),
    resendConfirmation: notProvided<unknown, { email: string }>('resendConfirmation'),
    resendTimer: resendTimerMachine,
  },
  guards: {
    startsWithLogin: ({ context }) => context.startView === 'login',
    startsWithSignup: ({ context }) => context.startView === 'signup',
    opensSignup: ({ event }) => {
      assertEvent(event, 'OPEN');
      return event.view === 'signup';
    },
    opensForgotPassword: ({ event }) => {
      assertEvent(event, 'OPEN');
      return event.view === 'forgot-password';
    },
    opensVerifyEmail: ({ event }) => {
      assertEvent(event, 'OPEN');
      return event.view === 'verify-email';
    },
    loginValid: valid('login'),
    signupValid: valid('signup'),
    forgotPasswordValid: valid('forgot-password'),
    resetValid: valid('reset-forgotten-password'),
    verifyValid: valid('verify-email'),
    emailKnown: ({ context }) => emailKnown(context),
    cooldownRequested: ({ context }) => context.cooldownSeconds > 0,
    isResendCooldown: (_, { error }: Failure) =>
      errorCode(error) === 'LimitExceededException' && retryAfterSeconds(error) > 0,
    hasCredentialsForEmail: ({ context }) =>
      context.credentials !== null &&
      context.credentials.email.trim().toLowerCase() === context.email.trim().toLowerCase(),
    isUserNotConfirmed: failedWith('UserNotConfirmedException'),
    isUsernameExists: failedWith('UsernameExistsException'),
    isInvalidPassword: failedWith('InvalidPasswordException'),
    isLimitExceeded: failedWith('LimitExceededException'),
    isCodeMismatchOrExpired: failedWith('CodeMismatchException', 'ExpiredCodeException'),
    isNotAuthorized: failedWith('NotAuthorizedException'),
    isApiError: (_, { error }: Failure) => errorCode(error) !== undefined,
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      const value = event.field === 'code' ? normalizeCode(event.value) : event.value;
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return {
        [event.field]: value,
        touched: { ...context.touched, [event.field]: true },
        fieldErrors,
      };
    }),
    toggleTerms: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE_TERMS');
      return { terms: event.checked, touched: { ...context.touched, terms: true } };
    }),
    touchField: assign(({ context, event }) => {
      assertEvent(event, 'BLUR');
      return { touched: { ...context.touched, [event.field]: true } };
    }),
    openWith: assign(({ context, event }) => {
      assertEvent(event, 'OPEN');
      return {
        ...freshForm(event.email !== undefined ? event.email : context.email),
        emailSupplied: event.view === 'verify-email' && !!event.email,
        cooldownSeconds: 0,
      };
    }),
    resetForm: assign(({ context }) => freshForm(context.email)),
    forgetEverything: assign(() => ({ ...freshForm(''), credentials: null, emailSupplied: false })),
    clearMessages: assign({ fieldErrors: () => ({}), error: () => null, notice: () => null }),
    rememberCredentials: assign({
      credentials: ({ context }) => ({ email: context.email.trim(), password: context.password }),
    }),
    rememberNewPassword: assign({
      credentials: ({ context }) => ({ email: context.email.trim(), password: context.password }),
    }),
    verifyAfterSignUp: assign(({ context }) => ({
      ...freshForm(context.email.trim()),
      emailSupplied: true,
      cooldownSeconds: RESEND_COOLDOWN_SECONDS,
    })),
    // The server says how long its resend cooldown still runs (e.g. a sign-up a moment ago).
    verifyAfterLogin: assign(({ context }, { error }: Failure) => ({
      ...freshForm(context.email.trim()),
      emailSupplied: true,
      cooldownSeconds: retryAfterSeconds(error),
    })),
    coolDownAfterSend: assign({ cooldownSeconds: () => RESEND_COOLDOWN_SECONDS }),
    coolDownAsServerSays: assign({ cooldownSeconds: (_, { error }: Failure) => retryAfterSeconds(error) }),
    resetAfterForgot: assign(({ context }) => freshForm(context.email.trim())),
    showLoginError: assign({ error: (_, { error }: Failure) => loginError(error) }),
    showEmailTaken: assign({ fieldErrors: () => ({ email: AUTH_MESSAGES.emailTaken }) }),
    showPasswordRule: assign({ fieldErrors: () => ({ password: AUTH_MESSAGES.passwordRule }) }),
    showAttemptLimit: assign({ error: () => AUTH_MESSAGES.attemptLimit }),
    showUnknownError: assign({ error: () => AUTH_MESSAGES.unknown }),
    showInvalidResetCode: assign({ error: () => AUTH_MESSAGES.invalidResetCode }),
    showWrongVerificationCode: assign({ error: () => AUTH_MESSAGES.wrongVerificationCode }),
    showNotAwaiting: assign({ error: ({ context }) => AUTH_MESSAGES.notAwaiting(context.email.trim()) }),
    showVerified: assign({ notice: () => AUTH_MESSAGES.verified, error: () => null }),
    loginAfterVerify: assign(({ context }) => ({
      ...freshForm(context.email.trim()),
      notice: AUTH_MESSAGES.verified,
    })),
    loginAfterFailedSignIn: assign(({ context }, { error }: Failure) => ({
      ...freshForm(context.credentials?.email ?? context.email),
      error: loginError(error),
    })),
    showCodeSent: assign({
      notice: ({ context }) => AUTH_MESSAGES.codeSent(context.email.trim()),
      error: () => null,
    }),
    emitSignedIn: emit((_, params: { email: string }) => ({ type: 'signedIn' as const, ...params })),
    /** The app's: who signed in (the auth page tells the session). */
    signedIn: (_, _params: { email: string }) => undefined,
    /**
     * The app's: the modal opened from hidden (the app notes the control that had focus, its opener, and gives focus
     * back to it in `closed`).
     */
    opened: () => undefined,
    /** The app's: the flow closed (the auth page then leaves for its callback address). */
    closed: () => undefined,
  },
}).createMachine({
  id: 'authModal',
  context: ({ input }) => ({
    ...freshForm(''),
    mode: input?.mode ?? 'modal',
    startView: input?.view,
    credentials: null,
    emailSupplied: false,
    cooldownSeconds: 0,
  }),
  initial: 'starting',
  on: {
    CHANGE: { actions: 'changeField' },
    TOGGLE_TERMS: { actions: 'toggleTerms' },
    BLUR: { actions: 'touchField' },
    CLOSE: { target: '.hidden', actions: 'forgetEverything' },
  },
  states: {
    starting: {
      always: [
        { guard: 'startsWithLogin', target: 'login' },
        { guard: 'startsWithSignup', target: 'signup' },
        { target: 'hidden' },
      ],
    },
    hidden: {
      tags: ['closed'],
      entry: 'closed',
      on: {
        OPEN: [
          { guard: 'opensSignup', target: 'signup', actions: ['openWith', 'opened'] },
          { guard: 'opensForgotPassword', target: 'forgot-password', actions: ['openWith', 'opened'] },
          { guard: 'opensVerifyEmail', target: 'verify-email', actions: ['openWith', 'opened'] },
          { target: 'login', actions: ['openWith', 'opened'] },
        ],
      },
    },
    login: {
      tags: ['open', 'login'],
      initial: 'editing',
      on: {
        GO_SIGNUP: { target: 'signup', actions: 'resetForm' },
        GO_FORGOT_PASSWORD: { target: 'forgot-password', actions: 'resetForm' },
      },
      states: {
        editing: {
          on: { SUBMIT: { guard: 'loginValid', target: 'submitting', actions: 'clearMessages' } },
        },
        submitting: {
          tags: ['busy'],
          entry: 'rememberCredentials',
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
            onDone: { target: '#authModal.hidden', actions: signedInActions },
            onError: [
              {
                guard: { type: 'isUserNotConfirmed', params: withError },
                target: '#authModal.verify-email',
                actions: { type: 'verifyAfterLogin', params: withError },
              },
              { target: 'editing', actions: { type: 'showLoginError', params: withError } },
            ],
          },
        },
      },
    },
    signup: {
      tags: ['open', 'signup'],
      initial: 'editing',
      on: { GO_LOGIN: { target: 'login', actions: 'resetForm' } },
      states: {
        editing: {
          on: { SUBMIT: { guard: 'signupValid', target: 'submitting', actions: 'clearMessages' } },
        },
        submitting: {
          tags: ['busy'],
          entry: 'rememberCredentials',
          invoke: {
            id: 'signUp',
            src: 'signUp',
            input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
            onDone: { target: '#authModal.verify-email', actions: 'verifyAfterSignUp' },
            onError: backToEditing(
              ['isUsernameExists', 'showEmailTaken'],
              ['isInvalidPassword', 'showPasswordRule'],
            ),
          },
        },
      },
    },
    'forgot-password': {
      tags: ['open', 'forgot-password'],
      initial: 'editing',
      on: { GO_LOGIN: { target: 'login', actions: 'resetForm' } },
      states: {
        editing: {
          on: {
            SUBMIT: { guard: 'forgotPasswordValid', target: 'submitting', actions: 'clearMessages' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'forgotPassword',
            src: 'forgotPassword',
            input: ({ context }) => ({ email: context.email.trim() }),
            onDone: { target: '#authModal.reset-forgotten-password', actions: 'resetAfterForgot' },
            onError: backToEditing(['isLimitExceeded', 'showAttemptLimit']),
          },
        },
      },
    },
    'reset-forgotten-password': {
      tags: ['open', 'reset-forgotten-password'],
      initial: 'editing',
      on: { GO_LOGIN: { target: 'login', actions: 'resetForm' } },
      states: {
        editing: {
          on: { SUBMIT: { guard: 'resetValid', target: 'submitting', actions: 'clearMessages' } },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }) => ({
              email: context.email.trim(),
              code: context.code,
              newPassword: context.password,
            }),
            onDone: { target: 'signingIn', actions: 'rememberNewPassword' },
            onError: backToEditing(['isApiError', 'showInvalidResetCode']),
          },
        },
        signingIn: signingInAgain,
      },
    },
    'verify-email': {
      tags: ['open', 'verify-email'],
      type: 'parallel',
      on: { GO_LOGIN: { target: 'login', actions: 'resetForm' } },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: { SUBMIT: { guard: 'verifyValid', target: 'submitting', actions: 'clearMessages' } },
            },
            submitting: {
              tags: ['busy'],
              invoke: {
                id: 'verifyEmail',
                src: 'verifyEmail',
                input: ({ context }) => ({ email: context.email.trim(), verificationCode: context.code }),
                onDone: [
                  { guard: 'hasCredentialsForEmail', target: 'signingIn', actions: 'showVerified' },
                  { target: '#authModal.login', actions: 'loginAfterVerify' },
                ],
                onError: backToEditing(
                  ['isCodeMismatchOrExpired', 'showWrongVerificationCode'],
                  ['isNotAuthorized', 'showNotAwaiting'],
                ),
              },
            },
            signingIn: signingInAgain,
          },
        },
        resend: {
          initial: 'checking',
          states: {
            checking: {
              always: [{ guard: 'cooldownRequested', target: 'cooling' }, { target: 'ready' }],
            },
            ready: {
              on: { RESEND: { guard: 'emailKnown', target: 'sending', actions: 'clearMessages' } },
            },
            cooling: {
              tags: ['cooling'],
              invoke: {
                id: 'resendTimer',
                src: 'resendTimer',
                input: ({ context }) => ({ seconds: context.cooldownSeconds }),
                onDone: 'ready',
              },
            },
            sending: {
              tags: ['resending'],
              invoke: {
                id: 'resendConfirmation',
                src: 'resendConfirmation',
                input: ({ context }) => ({ email: context.email.trim() }),
                onDone: { target: 'cooling', actions: ['showCodeSent', 'coolDownAfterSend'] },
                onError: [
                  // Asked too early (another tab, or a sign-up a moment ago): count down the server's time.
                  {
                    guard: { type: 'isResendCooldown', params: withError },
                    target: 'cooling',
                    actions: { type: 'coolDownAsServerSays', params: withError },
                  },
                  { target: 'ready', actions: 'showUnknownError' },
                ],
              },
            },
          },
        },
      },
    },
  },
});
