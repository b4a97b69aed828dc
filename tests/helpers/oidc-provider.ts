import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID provider (oidc-provider) on a random port of 127.0.0.1, for the social sign-in tests. A thin shim
 * in front of it plays the hosted UI's part: it accepts response_type=CODE as Cognito does (oidc-provider only
 * knows lower case) and records what each authorize request carried.
 *
 * Interactions (login and consent):
 * - with `signIn`, the shim finishes them at once as the account `signIn()` names (no pages: server tests);
 * - without it, oidc-provider's own development pages ask for a login (any name; it becomes the account id) and
 *   a consent (browser tests).
 */

export const OIDC_CLIENT_ID = 'sentinel-web';
export const OIDC_CLIENT_SECRET = 'a-test-only-client-secret-of-some-length';

export type OidcClaims = { email?: string; emailVerified?: boolean };

export type LocalOidcProvider = {
  /** The issuer URL (http://127.0.0.1:<port>), for OIDC_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The query of the last authorize request, as the app sent it (before the shim's changes). */
  lastAuthorize: () => URLSearchParams | undefined;
  close: () => Promise<void>;
};

export async function startOidcProvider(options: {
  /**
   * The client's registered redirect URIs. A function is called at the provider's first request, so the app it
   * serves can be started after the provider (its port is known only then).
   */
  redirectUris: string[] | (() => string[]);
  /** The claims of an account (by account id). */
  claims: (accountId: string) => OidcClaims;
  /** Finish login and consent without pages, as this account id. Absent: the development pages. */
  signIn?: () => string;
}): Promise<LocalOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let lastAuthorize: URLSearchParams | undefined;
  let provider: Provider | undefined;
  let handle: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined;

  const create = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: OIDC_CLIENT_ID,
          client_secret: OIDC_CLIENT_SECRET,
          redirect_uris:
            typeof options.redirectUris === 'function' ? options.redirectUris() : options.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: !options.signIn } },
      ...(options.signIn
        ? { interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` } }
        : {}),
      cookies: { keys: ['test-only-cookie-key'] },
      ttl: {
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
        AccessToken: 600,
        IdToken: 600,
        AuthorizationCode: 60,
      },
      findAccount: async (_ctx, id) => ({
        accountId: id,
        claims: async () => {
          const { email, emailVerified } = options.claims(id);
          return { sub: id, ...(email ? { email, email_verified: emailVerified ?? false } : {}) };
        },
      }),
    });

  /** The shim's own interaction: login as signIn(), then consent to whatever the client asked for. */
  async function finishInteraction(
    p: Provider,
    accountId: string,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    const details = await p.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await p.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new p.Grant({
      accountId: details.session!.accountId,
      clientId: String(details.params.client_id),
    });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    provider ??= create();
    handle ??= provider.callback();
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/auth') {
      lastAuthorize = new URLSearchParams(url.searchParams);
      const rt = url.searchParams.get('response_type');
      if (rt) url.searchParams.set('response_type', rt.toLowerCase());
      req.url = `${url.pathname}${url.search}`;
    }
    if (options.signIn && url.pathname.startsWith('/interaction/')) {
      finishInteraction(provider, options.signIn(), req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    lastAuthorize: () => lastAuthorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
