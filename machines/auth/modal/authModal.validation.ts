import { CODE_LENGTH, meetsPasswordRule } from '../../../api/auth';
import { AUTH_MESSAGES } from './authModal.messages';

export type AuthView = 'login' | 'signup' | 'forgot-password' | 'reset-forgotten-password' | 'verify-email';
export type AuthField = 'email' | 'password' | 'code' | 'terms';

export type AuthForm = {
  email: string;
  password: string;
  code: string;
  terms: boolean;
  touched: Record<AuthField, boolean>;
  /** verify-email: the email came from an earlier step, so it is not asked for. */
  emailSupplied: boolean;
};

export type Validation = {
  /** Messages per field, whether or not the field was touched (show them only for touched fields). */
  errors: Partial<Record<AuthField, string>>;
  /** Whether the view's submit button is enabled. */
  canSubmit: boolean;
};

// A pragmatic address check: something@something.tld, no spaces (the server applies the full rule).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** Trims a code to what the input accepts: at most CODE_LENGTH characters, no spaces. */
export const normalizeCode = (value: string) => value.replace(/\s/g, '').slice(0, CODE_LENGTH);

function emailError(value: string): string | undefined {
  if (value.trim() === '') return AUTH_MESSAGES.emailRequired;
  return isEmail(value) ? undefined : AUTH_MESSAGES.invalidEmail;
}

function newPasswordError(value: string): string | undefined {
  if (value === '') return AUTH_MESSAGES.passwordRequired;
  return meetsPasswordRule(value) ? undefined : AUTH_MESSAGES.passwordRule;
}

const clean = (errors: Partial<Record<AuthField, string | undefined>>) =>
  Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as Partial<
    Record<AuthField, string>
  >;

/** The validation rules of spec §5, per view. */
export function validate(view: AuthView, form: AuthForm): Validation {
  switch (view) {
    case 'login': {
      const errors = clean({
        email: form.email.trim() === '' ? AUTH_MESSAGES.emailRequired : undefined,
        password: form.password === '' ? AUTH_MESSAGES.passwordRequired : undefined,
      });
      const touched = form.touched.email && form.touched.password;
      return { errors, canSubmit: touched && Object.keys(errors).length === 0 };
    }
    case 'signup': {
      const errors = clean({ email: emailError(form.email), password: newPasswordError(form.password) });
      return { errors, canSubmit: Object.keys(errors).length === 0 && form.terms };
    }
    case 'forgot-password': {
      const errors = clean({ email: emailError(form.email) });
      return { errors, canSubmit: Object.keys(errors).length === 0 };
    }
    case 'reset-forgotten-password': {
      const errors = clean({
        code: form.code === '' ? AUTH_MESSAGES.resetCodeRequired : undefined,
        password: newPasswordError(form.password),
      });
      return { errors, canSubmit: Object.keys(errors).length === 0 };
    }
    case 'verify-email': {
      const errors = clean({
        email: form.emailSupplied
          ? undefined
          : form.email.trim() === ''
            ? AUTH_MESSAGES.verifyEmailRequired
            : isEmail(form.email)
              ? undefined
              : AUTH_MESSAGES.invalidEmail,
        code: form.code === '' ? AUTH_MESSAGES.verificationCodeRequired : undefined,
      });
      return { errors, canSubmit: form.code.length === CODE_LENGTH && emailKnown(form) };
    }
  }
}

/** verify-email: an address to verify (and resend to) is known. */
export const emailKnown = (form: Pick<AuthForm, 'email'>) => isEmail(form.email);
