import { MESSAGES } from '../../../api/auth';

/** The auth flow's texts, verbatim from spec §5 and §8. */
export const AUTH_MESSAGES = {
  ...MESSAGES,
  loginMismatch: 'Email and password do not match. Please try again.',
  unknown: 'An unknown error has occurred. Please try again later.',
  emailTaken: 'This email has been taken.',
  attemptLimit: 'Attempt limit exceeded, please try after some time.',
  invalidResetCode: 'Invalid code provided, please request a code again.',
  wrongVerificationCode: 'Incorrect or expired verification code',
  notAwaiting: (email: string) => `Email ${email} is not awaiting authorization.`,
  verified: 'Your email has been verified.',
  codeSent: (email: string) => `Confirmation code was sent to ${email}.`,
} as const;
