import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CredentialsForm } from '../../../../api/auth.schemas';
import { safeCallbackUrl } from '../../../accounts/origin';
import { UserPoolError } from '../../../accounts/pool';
import { AppError, parse } from '../../../errors';
import { clientAddress, LIMITS } from '../../../plugins/app/rateLimit';
import {
  cookieNames,
  cookieOptions,
  isSecure,
  issueSession,
  openJwt,
  sealJwt,
} from '../../../plugins/app/session';
import * as AuthSchemas from '../../../../api/auth.schemas';
import { replies } from '../../../routing/schemas';
import { AUTH_LOG_CODES } from '../../../accounts/authLogCodes';
import {
  baseUrl,
  absolute,
  signInUrl,
  FORM_POST,
  wantsJson,
  noStore,
  looseBody,
} from '../../../accounts/authForms';

/** Credentials sign-in: a form post, limited per address (each attempt costs a scrypt). */
const SIGN_IN = { ...FORM_POST, rateLimit: LIMITS.signIn };

/** How long a browser stays known to the account it signed in to (its device cookie), renewed by each sign-in. */
const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/**
 * Sign-in callbacks: the hosted identity provider's (OIDC code exchange, link or create, sign in) and the credentials
 * form post (NextAuth contract).
 */
export default async function apiAuthCallbackRoutes(app: FastifyInstance) {
  const oidc = app.oidc;

  /** The hosted identity provider comes back here with a code: exchange, verify, link or create, sign in. */
  app.get('/callback/:provider', async (request, reply) => {
    const { provider: id } = request.params as { provider: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const cookieName = cookieNames(isSecure(request)).oidc;
    const saved = await openJwt(app.config.authSecret, 'oidc', request.cookies[cookieName], app.clock.now());
    reply.clearCookie(cookieName, cookieOptions(request));
    const callbackUrl = safeCallbackUrl(request, saved?.callbackUrl);
    const provider = oidc?.find(id);
    if (!oidc || !provider) return reply.redirect('/api/auth/signin', 302);
    if (typeof query.error === 'string') {
      request.log.warn({ provider: provider.id, error: query.error }, 'identity provider returned an error');
      return reply.redirect(signInUrl('OAuthCallback', callbackUrl), 302);
    }
    if (
      !saved ||
      saved.provider !== provider.id ||
      typeof query.code !== 'string' ||
      typeof query.state !== 'string' ||
      query.state !== saved.state ||
      typeof saved.verifier !== 'string' ||
      typeof saved.nonce !== 'string'
    ) {
      request.log.warn({ provider: provider.id }, 'OIDC callback without a matching state');
      return reply.redirect(signInUrl('OAuthCallback', callbackUrl), 302);
    }
    try {
      const identity = await oidc.finish({
        params: new URLSearchParams(
          Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'),
        ),
        redirectUri: `${baseUrl(request)}/api/auth/callback/${provider.id}`,
        state: saved.state,
        verifier: saved.verifier,
        nonce: saved.nonce,
      });
      const row = await app.users.linkOrCreate(
        oidc.identityKey,
        identity.subject,
        identity.email,
        identity.emailVerified,
      );
      await issueSession(request, reply, app.users.sessionUser(row));
      return reply.redirect(callbackUrl, 302);
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'OAuthCallback';
      request.log.warn({ err, provider: provider.id }, 'OIDC callback failed');
      return reply.redirect(signInUrl(code, callbackUrl), 302);
    }
  });

  /** Credentials sign-in (form-encoded). json=true → 200 {url} or 401 {error, message, url}; otherwise redirects. */
  app.post(
    '/callback/credentials',
    {
      config: SIGN_IN,
      schema: {
        summary: 'Sign in with email and password (form post; json=true answers JSON)',
        response: { ...replies(AuthSchemas.UrlResult), 401: AuthSchemas.CredentialsFailure },
      },
    },
    async (request, reply) => {
      const raw = looseBody(request.body);
      const json = wantsJson(raw.json);
      const callbackUrl = safeCallbackUrl(request, raw.callbackUrl);
      noStore(reply);
      let form;
      try {
        form = parse(CredentialsForm, raw);
      } catch (err) {
        if (json) throw err;
        return reply.redirect(signInUrl('CredentialsSignin', callbackUrl), 302);
      }
      // A browser that signed in before carries a device cookie naming the account: it gets past the account's
      // ceiling against guessing from many addresses (see UserPool.checkPassword).
      const deviceCookie = cookieNames(isSecure(request)).device;
      const claims = await openJwt(
        app.config.authSecret,
        'device',
        request.cookies[deviceCookie],
        app.clock.now(),
      );
      const device =
        typeof claims?.sub === 'string' && typeof claims.device === 'string'
          ? { userId: claims.sub, id: claims.device }
          : undefined;
      let row;
      try {
        row = await app.users.authenticate(form.email, form.password, clientAddress(request), device);
      } catch (err) {
        if (err instanceof UserPoolError) {
          const url = signInUrl(err.code, callbackUrl);
          const retry =
            err.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: err.retryAfterSeconds };
          if (json)
            return reply
              .status(401)
              .send({ error: err.code, message: err.message, url: absolute(request, url), ...retry });
          return reply.redirect(url, 302);
        }
        // A known answer (e.g. 503 while the hashing queue is full) is not a handler fault.
        if (err instanceof AppError) throw err;
        request.log.error({ err, code: AUTH_LOG_CODES.credentialsHandler }, 'credentials sign-in failed');
        throw err;
      }
      try {
        await issueSession(request, reply, app.users.sessionUser(row));
      } catch (err) {
        request.log.error({ err, code: AUTH_LOG_CODES.credentialsJwt }, 'issuing the session failed');
        throw err;
      }
      // This browser is now known to the account; it keeps its id (and so its own failure count) if it had one.
      const sealedDevice = await sealJwt(
        app.config.authSecret,
        'device',
        {
          sub: row.id,
          device: device?.userId === row.id ? device.id : randomBytes(16).toString('base64url'),
        },
        app.clock.now(),
        DEVICE_MAX_AGE_SECONDS,
      );
      reply.setCookie(deviceCookie, sealedDevice, cookieOptions(request, DEVICE_MAX_AGE_SECONDS));
      if (json) return { url: absolute(request, callbackUrl) };
      return reply.redirect(callbackUrl, 302);
    },
  );

  // --------------------------------------------------------------------------------------------------------------
  // User pool (Cognito semantics)
}
