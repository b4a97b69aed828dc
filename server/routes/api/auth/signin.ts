import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeCallbackUrl } from '../../../accounts/origin';
import { signInPage } from '../../../accounts/pages';
import { cookieNames, cookieOptions, isSecure, sealJwt } from '../../../plugins/app/session';
import { ensureCsrfToken } from '../../../plugins/app/csrf';
import { AUTH_LOG_CODES } from '../../../accounts/authLogCodes';
import { baseUrl, signInUrl, FORM_POST, noStore, looseBody } from '../../../accounts/authForms';

/** The sign-in page, and social sign-in's start: a redirect to the hosted identity provider (GET link or POST form). */
export default async function apiAuthSigninRoutes(app: FastifyInstance) {
  const oidc = app.oidc;

  app.get('/signin', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const error = typeof query.error === 'string' ? query.error.slice(0, 100) : undefined;
    const html = signInPage({
      error,
      callbackUrl: safeCallbackUrl(request, query.callbackUrl),
      csrfToken: ensureCsrfToken(request, reply),
      providers: oidc?.providers() ?? [],
    });
    return noStore(reply).type('text/html; charset=utf-8').send(html);
  });

  /** Social sign-in: a redirect to the hosted identity provider (GET link or POST form with csrfToken). */
  const startSignIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const { provider: id } = request.params as { provider: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const body = looseBody(request.body);
    const callbackUrl = safeCallbackUrl(request, body.callbackUrl ?? query.callbackUrl);
    if (id === 'email') {
      request.log.error(
        { code: AUTH_LOG_CODES.emailRequiresAdapter },
        'email sign-in needs a database adapter',
      );
      return reply.redirect('/api/auth/error?error=Configuration', 302);
    }
    if (id === 'credentials')
      return reply.redirect(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, 302);
    // Spec §8: an unknown provider (any social provider while none is configured) goes to the sign-in page.
    const provider = oidc?.find(id);
    if (!oidc || !provider)
      return reply.redirect(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, 302);
    const redirectUri = `${baseUrl(request)}/api/auth/callback/${provider.id}`;
    let started;
    try {
      started = await oidc.start(provider, redirectUri);
    } catch (err) {
      request.log.error({ err, provider: provider.id }, 'OIDC sign-in could not start');
      return reply.redirect(signInUrl('OAuthSignin', callbackUrl), 302);
    }
    const sealed = await sealJwt(
      app.config.authSecret,
      'oidc',
      {
        state: started.state,
        verifier: started.verifier,
        nonce: started.nonce,
        provider: provider.id,
        callbackUrl,
      },
      app.clock.now(),
      600,
    );
    reply.setCookie(cookieNames(isSecure(request)).oidc, sealed, cookieOptions(request, 600));
    return noStore(reply).redirect(started.url, 302);
  };
  app.get('/signin/:provider', startSignIn);
  app.post('/signin/:provider', { config: FORM_POST }, startSignIn);

  // --------------------------------------------------------------------------------------------------------------
  // User pool (Cognito semantics)
}
