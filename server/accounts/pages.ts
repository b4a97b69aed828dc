/** The server-rendered auth pages: /api/auth/signin and /api/auth/error (NextAuth's built-in pages). */

import { createHash } from 'node:crypto';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Messages for the `error` query value of the sign-in page. Maps, not plain objects: the key comes from the query
 * string, and `__proto__`, `constructor` or `toString` must find nothing rather than Object.prototype's members.
 */
export const SIGNIN_ERRORS = new Map<string, string>([
  ['SessionRequired', 'Please sign in to access this page.'],
  ['CredentialsSignin', 'Email and password do not match. Please try again.'],
  ['NotAuthorizedException', 'Email and password do not match. Please try again.'],
  ['UserNotConfirmedException', 'Please verify your email address before you sign in.'],
  ['OAuthSignin', 'Could not start the sign-in with this provider. Try again or use another way.'],
  ['OAuthCallback', 'The sign-in with this provider did not complete. Try again or use another way.'],
  [
    'OAuthAccountNotLinked',
    'This email is already used by another account. Sign in the way you used before.',
  ],
  ['Callback', 'The sign-in did not complete. Please try again.'],
]);
export const SIGNIN_DEFAULT_ERROR = 'Unable to sign in.';

/** Messages for the `error` query value of the error page (a Map for the same reason). */
export const ERROR_PAGE_ERRORS = new Map<string, { title: string; message: string }>([
  [
    'Configuration',
    {
      title: 'Server error',
      message: 'There is a problem with the server configuration. Please contact us if this continues.',
    },
  ],
  ['AccessDenied', { title: 'Access denied', message: 'You do not have permission to sign in.' }],
  [
    'Verification',
    {
      title: 'Unable to sign in',
      message: 'The sign-in link is no longer valid. It may have been used already or it may have expired.',
    },
  ],
]);
export const ERROR_PAGE_DEFAULT = { title: 'Error', message: 'Something went wrong while signing in.' };

/**
 * The stylesheet of the server-rendered pages (sign-in, error, and the development outbox), served as a file at
 * PAGES_CSS_URL so the Content-Security-Policy needs no inline style (routes/auth.ts serves it).
 */
export const PAGES_CSS = `body{font-family:Inter,system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;background:#f6f8fb;color:#0f172a;margin:0}
.brand{background:#0a1024;padding:14px 24px}
.brand a{display:inline-flex;align-items:center;gap:10px;color:#f1f5f9;font-weight:700;font-size:18px;text-decoration:none}
.auth main{max-width:380px;margin:56px auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;
  box-shadow:0 10px 30px #0f172a14}
.auth h1{font-size:22px;margin:0 0 16px}
.auth label{display:block;font-size:14px;margin:12px 0 4px}
.auth input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #cbd5e1;border-radius:8px;font-size:16px}
.auth button,.auth .button{display:block;width:100%;box-sizing:border-box;margin-top:16px;padding:10px;border:0;border-radius:8px;
  background:#1d4ed8;color:#fff;font-size:16px;text-align:center;text-decoration:none;cursor:pointer}
.auth .button.secondary{background:#fff;color:#0f172a;border:1px solid #cbd5e1}
.auth .error{background:#fdecec;color:#8a1010;border-radius:6px;padding:10px;margin:0 0 12px;font-size:14px}
.auth .links{font-size:14px;margin-top:16px;display:flex;justify-content:space-between}
.auth main a{color:#1d4ed8}
.outbox{background:#fff}
.outbox main{max-width:760px;margin:24px auto;padding:0 16px}
.outbox article{border:1px solid #c9ced6;border-radius:8px;padding:12px 16px;margin:12px 0}
.outbox h2{font-size:18px;margin:0 0 4px}
.outbox .meta{color:#4a525c;font-size:14px;margin:0}
.outbox pre{white-space:pre-wrap;font-size:14px}
.outbox code{font-size:20px}
`;
/** Where PAGES_CSS is served; the version changes with its content, so it can be cached for long. */
export const PAGES_CSS_URL = `/api/auth/pages.css?v=${createHash('sha256').update(PAGES_CSS).digest('hex').slice(0, 10)}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sentinel Ratings</title>
<link rel="icon" href="/favicon.png" type="image/png" sizes="32x32">
<link rel="stylesheet" href="${PAGES_CSS_URL}">
</head>
<body class="auth">
<header class="brand"><a href="/"><img src="/favicon.svg" alt="" width="28" height="28">Sentinel Ratings</a></header>
<main>
${body}
</main></body></html>`;
}

export function signInPage(opts: {
  error: string | undefined;
  callbackUrl: string;
  csrfToken: string;
  providers: { id: string; name: string }[];
}): string {
  const message = opts.error ? (SIGNIN_ERRORS.get(opts.error) ?? SIGNIN_DEFAULT_ERROR) : undefined;
  const cb = encodeURIComponent(opts.callbackUrl);
  const social = opts.providers
    .map(
      (p) =>
        `<a class="button secondary" href="/api/auth/signin/${encodeURIComponent(p.id)}?callbackUrl=${cb}">Sign in with ${escapeHtml(p.name)}</a>`,
    )
    .join('\n');
  return page(
    'Sign in',
    `<h1>Sign in</h1>
${message ? `<p class="error" role="alert" data-error="${escapeHtml(opts.error ?? '')}">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/api/auth/callback/credentials">
<input type="hidden" name="csrfToken" value="${escapeHtml(opts.csrfToken)}">
<input type="hidden" name="callbackUrl" value="${escapeHtml(opts.callbackUrl)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
${social}
<p class="links"><a href="/auth/signup">Create an account</a><a href="/">Back to Homepage</a></p>`,
  );
}

export function errorPage(error: string | undefined): string {
  const entry = (error && ERROR_PAGE_ERRORS.get(error)) || ERROR_PAGE_DEFAULT;
  return page(
    entry.title,
    `<h1>${escapeHtml(entry.title)}</h1>
<p data-error="${escapeHtml(error ?? '')}">${escapeHtml(entry.message)}</p>
<a class="button" href="/api/auth/signin">Sign in</a>
<p class="links"><a href="/">Back to Homepage</a></p>`,
  );
}
