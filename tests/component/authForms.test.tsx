import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, signedOutDefaults } from '../helpers/fake-auth-server';

const server = vi.hoisted(() => ({ current: null as unknown as ReturnType<typeof createFakeServer> }));
vi.mock('../../src/lib/client', () => ({
  request: (path: string, options?: object) => server.current.request(path, options),
}));

const { TestApp } = await import('../helpers/testApp');
const { useOpenAuthModal } = await import('../../src/app/hooks');
const { default: LoginPage } = await import('../../src/pages/auth/LoginPage');
const { default: SignupPage } = await import('../../src/pages/auth/SignupPage');

const EMAIL = 'ada@example.com';

beforeEach(() => {
  server.current = createFakeServer();
  signedOutDefaults(server.current);
  history.replaceState(null, '', '/auth/login');
});

function OpenVerify() {
  const open = useOpenAuthModal();
  return (
    <button type="button" onClick={() => open('verify-email')}>
      open verify
    </button>
  );
}

const renderPage = (page: 'login' | 'signup') =>
  render(<TestApp>{page === 'login' ? <LoginPage /> : <SignupPage />}</TestApp>);

const field = (name: RegExp | string) => screen.getByLabelText(name);
const button = (name: string) => screen.getByRole('button', { name });

/** Signs up through the form as an account the server leaves unconfirmed, so the form goes on to verify-email. */
async function signUpUnconfirmed(user: ReturnType<typeof userEvent.setup>) {
  server.current.on('/api/auth/signup', () => ({
    username: 'u-1',
    email: EMAIL,
    userConfirmed: false,
    codeDeliveryDestination: EMAIL,
  }));
  await signUp(user);
}

/** Fills the login form as EMAIL with `password` and presses Log in. */
async function logIn(user: ReturnType<typeof userEvent.setup>, password = 'secret12') {
  await user.type(await screen.findByLabelText('Email'), EMAIL);
  await user.type(field('Password'), password);
  await user.click(button('Log in'));
}

/** Fills the signup form as EMAIL, accepts the terms and presses Sign up. */
async function signUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), EMAIL);
  await user.type(field('Password'), 'secret12');
  await user.click(screen.getByRole('checkbox'));
  await user.click(button('Sign up'));
}

/** `path` fails (500) with a code the form has no message for, and `submit` is pressed: the unknown message shows. */
async function expectUnknownError(
  user: ReturnType<typeof userEvent.setup>,
  path: string,
  code: string,
  submit: string,
) {
  server.current.fail(path, code, 500);
  await user.click(button(submit));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'An unknown error has occurred. Please try again later.',
  );
}

describe('login form', () => {
  it('enables Log in only when both fields are touched and filled, with the spec messages', async () => {
    const user = userEvent.setup();
    renderPage('login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(button('Log in')).toBeDisabled();

    await user.click(field('Email'));
    await user.tab();
    expect(screen.getByText('Please input your email address')).toBeInTheDocument();
    await user.type(field('Email'), EMAIL);
    expect(screen.queryByText('Please input your email address')).not.toBeInTheDocument();
    expect(button('Log in')).toBeDisabled();

    await user.type(field('Password'), 'x');
    expect(button('Log in')).toBeEnabled();
    await user.clear(field('Password'));
    expect(screen.getByText('Please input your password')).toBeInTheDocument();
    expect(button('Log in')).toBeDisabled();
  });

  it('shows the message for NotAuthorizedException and the unknown message otherwise', async () => {
    const user = userEvent.setup();
    renderPage('login');
    server.current.fail('/api/auth/callback/credentials', 'NotAuthorizedException', 401);
    await logIn(user, 'wrong-pass1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email and password do not match. Please try again.',
    );
    const [call] = server.current.callsTo('/api/auth/callback/credentials');
    expect(call?.options.form).toMatchObject({
      email: EMAIL,
      password: 'wrong-pass1',
      csrfToken: 'csrf-1',
      json: 'true',
    });

    await expectUnknownError(user, '/api/auth/callback/credentials', 'UnknownException', 'Log in');
  });

  it('ignores a second submit while the first is in flight', async () => {
    const user = userEvent.setup();
    renderPage('login');
    let release = () => undefined as void;
    server.current.on(
      '/api/auth/callback/credentials',
      () => new Promise((resolve) => (release = () => resolve({ url: '/' }))),
    );
    await logIn(user);
    await waitFor(() => expect(button('Log in')).toBeDisabled());
    await user.type(field('Password'), '{Enter}');
    expect(server.current.callsTo('/api/auth/callback/credentials')).toHaveLength(1);
    release();
  });

  it('sends an unconfirmed user to verify-email, where Resend is available at once', async () => {
    const user = userEvent.setup();
    renderPage('login');
    server.current.fail('/api/auth/callback/credentials', 'UserNotConfirmedException', 401);
    await logIn(user);
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText(`Enter the 6-digit code sent to ${EMAIL}.`)).toBeInTheDocument();
    expect(button('Verify')).toBeDisabled();
    expect(button('Resend')).toBeEnabled();

    server.current.on('/api/auth/resend-confirmation', () => ({ ok: true }));
    await user.click(button('Resend'));
    expect(await screen.findByRole('status')).toHaveTextContent(`Confirmation code was sent to ${EMAIL}.`);
    expect(button('Resend')).toBeDisabled();
    expect(screen.getByText(/You can resend the code in \d+ s\./)).toBeInTheDocument();
  });
});

describe('signup form', () => {
  it('validates email and password, and needs the terms ticked', async () => {
    const user = userEvent.setup();
    history.replaceState(null, '', '/auth/signup');
    renderPage('signup');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.type(field('Password'), 'short');
    expect(screen.getByText('Invalid email.')).toBeInTheDocument();
    expect(screen.getByText('Password does not meet the requirements.')).toBeInTheDocument();
    await user.clear(field('Password'));
    await user.type(field('Password'), 'longenough'); // no digit
    expect(screen.getByText('Password does not meet the requirements.')).toBeInTheDocument();
    await user.clear(field('Email'));
    await user.type(field('Email'), EMAIL);
    await user.clear(field('Password'));
    await user.type(field('Password'), 'secret12');
    expect(screen.queryByText('Invalid email.')).not.toBeInTheDocument();
    expect(screen.queryByText('Password does not meet the requirements.')).not.toBeInTheDocument();
    expect(button('Sign up')).toBeDisabled();
    await user.click(screen.getByRole('checkbox'));
    expect(button('Sign up')).toBeEnabled();
  });

  it('shows UsernameExistsException on the email field, and other failures as the unknown message', async () => {
    const user = userEvent.setup();
    renderPage('signup');
    server.current.fail('/api/auth/signup', 'UsernameExistsException');
    await signUp(user);
    expect(await screen.findByText('This email has been taken.')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');

    server.current.fail('/api/auth/signup', 'InvalidPasswordException');
    await user.click(button('Sign up'));
    expect(await screen.findByText('Password does not meet the requirements.')).toBeInTheDocument();

    await expectUnknownError(user, '/api/auth/signup', 'SomethingElse', 'Sign up');
  });

  it('goes to verify-email with the resend countdown running; the code is capped at 6 characters', async () => {
    const user = userEvent.setup();
    renderPage('signup');
    await signUpUnconfirmed(user);
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(button('Resend')).toBeDisabled();
    expect(screen.getByText('You can resend the code in 60 s.')).toBeInTheDocument();

    const code = field('Verification code');
    await user.type(code, '12345');
    expect(button('Verify')).toBeDisabled();
    await user.type(code, '67');
    expect(code).toHaveValue('123456');
    expect(button('Verify')).toBeEnabled();

    server.current.fail('/api/auth/verify-email', 'CodeMismatchException');
    await user.click(button('Verify'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect or expired verification code');
    server.current.fail('/api/auth/verify-email', 'ExpiredCodeException');
    await user.click(button('Verify'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Incorrect or expired verification code'),
    );
    server.current.fail('/api/auth/verify-email', 'NotAuthorizedException');
    await user.click(button('Verify'));
    expect(await screen.findByText(`Email ${EMAIL} is not awaiting authorization.`)).toBeInTheDocument();

    await user.clear(code);
    expect(screen.getByText('Please input your verification code')).toBeInTheDocument();
  });

  it('verifies, then signs in with the same credentials', async () => {
    const user = userEvent.setup();
    renderPage('signup');
    server.current.on('/api/auth/verify-email', () => ({ ok: true }));
    server.current.on('/api/auth/callback/credentials', () => ({ url: '/' }));
    await signUpUnconfirmed(user);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(button('Verify'));
    await waitFor(() => expect(location.pathname).toBe('/'));
    expect(server.current.callsTo('/api/auth/verify-email')[0]?.options.body).toEqual({
      email: EMAIL,
      verificationCode: '123456',
    });
    expect(server.current.callsTo('/api/auth/callback/credentials')[0]?.options.form).toMatchObject({
      email: EMAIL,
      password: 'secret12',
    });
    // The session is refetched after the sign-in.
    await waitFor(() => expect(server.current.callsTo('/api/auth/session').length).toBeGreaterThanOrEqual(2));
  });
});

describe('forgot and reset password', () => {
  it('validates, maps the rate limit, then resets and signs in with the new password', async () => {
    const user = userEvent.setup();
    renderPage('login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    await user.type(field('Email'), 'nope');
    expect(screen.getByText('Invalid email.')).toBeInTheDocument();
    expect(button('Send code')).toBeDisabled();
    await user.clear(field('Email'));
    await user.type(field('Email'), EMAIL);

    server.current.fail('/api/auth/forgot-password', 'LimitExceededException');
    await user.click(button('Send code'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Attempt limit exceeded, please try after some time.',
    );
    server.current.fail('/api/auth/forgot-password', 'Boom', 500);
    await user.click(button('Send code'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'An unknown error has occurred. Please try again later.',
      ),
    );

    server.current.on('/api/auth/forgot-password', () => ({ ok: true }));
    await user.click(button('Send code'));
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    const code = field('Reset code');
    await user.type(code, '1');
    await user.clear(code);
    expect(screen.getByText('Reset code is required')).toBeInTheDocument();
    await user.type(code, '6543210');
    expect(code).toHaveValue('654321');
    await user.type(field('New password'), 'abc');
    expect(screen.getByText('Password does not meet the requirements.')).toBeInTheDocument();
    expect(button('Reset password')).toBeDisabled();
    await user.type(field('New password'), 'defgh9');
    expect(button('Reset password')).toBeEnabled();

    server.current.fail('/api/auth/reset-forgotten-password', 'CodeMismatchException');
    await user.click(button('Reset password'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid code provided, please request a code again.',
    );

    server.current.on('/api/auth/reset-forgotten-password', () => ({ ok: true }));
    server.current.on('/api/auth/callback/credentials', () => ({ url: '/' }));
    await user.click(button('Reset password'));
    await waitFor(() => expect(location.pathname).toBe('/'));
    expect(server.current.callsTo('/api/auth/reset-forgotten-password').at(-1)?.options.body).toEqual({
      email: EMAIL,
      code: '654321',
      newPassword: 'abcdefgh9',
    });
    expect(server.current.callsTo('/api/auth/callback/credentials')[0]?.options.form).toMatchObject({
      email: EMAIL,
      password: 'abcdefgh9',
    });
  });
});

describe('verify-email without a known email', () => {
  it('asks for the email; Verify and Resend stay disabled until there is one', async () => {
    const user = userEvent.setup();
    render(
      <TestApp>
        <OpenVerify />
      </TestApp>,
    );
    await user.click(screen.getByRole('button', { name: 'open verify' }));
    const dialog = await screen.findByRole('dialog');
    const inDialog = within(dialog);
    expect(inDialog.getByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    await user.click(inDialog.getByLabelText('Email'));
    await user.tab();
    expect(inDialog.getByText('Please enter your email')).toBeInTheDocument();
    await user.type(inDialog.getByLabelText('Verification code'), '123456');
    expect(inDialog.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(inDialog.getByRole('button', { name: 'Resend' })).toBeDisabled();
    await user.type(inDialog.getByLabelText('Email'), EMAIL);
    expect(inDialog.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(inDialog.getByRole('button', { name: 'Resend' })).toBeEnabled();

    server.current.fail('/api/auth/resend-confirmation', 'LimitExceededException');
    await user.click(inDialog.getByRole('button', { name: 'Resend' }));
    expect(await inDialog.findByRole('alert')).toHaveTextContent(
      'An unknown error has occurred. Please try again later.',
    );

    // Verified without a password to sign in with: back to login, with the success message.
    server.current.on('/api/auth/verify-email', () => ({ ok: true }));
    await user.click(inDialog.getByRole('button', { name: 'Verify' }));
    expect(await inDialog.findByRole('status')).toHaveTextContent('Your email has been verified.');
    expect(inDialog.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(inDialog.getByLabelText('Email')).toHaveValue(EMAIL);

    await user.click(inDialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
