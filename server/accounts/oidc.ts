import * as client from 'openid-client';
import type { OidcConfig } from '../config';

/** The scopes Cognito's hosted UI is asked for (spec §7). */
export const OIDC_SCOPE = 'email openid profile aws.cognito.signin.user.admin';

export type OidcProvider = { id: string; name: string };

export type OidcStart = { url: string; state: string; verifier: string; nonce: string };

export type OidcIdentity = { subject: string; email: string | undefined; emailVerified: boolean };

/** http is allowed only for an issuer on this machine (local development and tests), never in production. */
function allowsHttp(issuer: URL, production: boolean): boolean {
  return !production && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

/**
 * Social sign-in through one hosted OpenID provider (Cognito's hosted UI or any OIDC issuer): every configured
 * social provider name is passed to it as identity_provider. Discovery, the authorization URL (state, nonce,
 * PKCE S256), the code exchange (client_secret_basic) and the ID token checks (signature, issuer, audience,
 * expiry, nonce) are openid-client's.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;
  private readonly issuer: URL;
  private readonly insecure: boolean;

  constructor(
    readonly config: OidcConfig,
    production: boolean,
  ) {
    this.issuer = new URL(config.issuer);
    this.insecure = this.issuer.protocol === 'http:';
    if (this.insecure && !allowsHttp(this.issuer, production)) {
      throw new Error(
        `OIDC_ISSUER must be an https URL (http is allowed only for 127.0.0.1/localhost outside production): ${config.issuer}`,
      );
    }
  }

  providers(): OidcProvider[] {
    return this.config.providers.map((name) => ({ id: name.toLowerCase(), name }));
  }

  find(id: string): OidcProvider | undefined {
    const lower = id.toLowerCase();
    return this.providers().find((p) => p.id === lower);
  }

  /** The key identities are stored under: subjects are unique per issuer. */
  get identityKey() {
    return `oidc:${this.config.issuer}`;
  }

  /** The provider's metadata, discovered once (retried on the next sign-in after a failure). */
  private discover(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(
        this.issuer,
        this.config.clientId,
        undefined,
        client.ClientSecretBasic(this.config.clientSecret),
        this.insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw err;
      });
    return this.configuration;
  }

  async start(provider: OidcProvider, redirectUri: string): Promise<OidcStart> {
    const configuration = await this.discover();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(configuration, {
      identity_provider: provider.name,
      response_type: 'CODE', // Cognito's hosted UI spelling (spec §7)
      redirect_uri: redirectUri,
      scope: OIDC_SCOPE,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.toString(), state, verifier, nonce };
  }

  /**
   * Checks the provider's answer on the callback against what start() saved (state), exchanges the code with
   * the PKCE verifier and verifies the ID token (nonce included). Email claims missing from the ID token are read
   * from the userinfo endpoint, for the same subject only.
   */
  async finish(input: {
    /** The callback's query parameters, as the provider sent them. */
    params: URLSearchParams;
    redirectUri: string;
    state: string;
    verifier: string;
    nonce: string;
  }): Promise<OidcIdentity> {
    const configuration = await this.discover();
    const callback = new URL(input.redirectUri);
    for (const [k, v] of input.params) callback.searchParams.append(k, v);
    const tokens = await client.authorizationCodeGrant(configuration, callback, {
      expectedState: input.state,
      expectedNonce: input.nonce,
      pkceCodeVerifier: input.verifier,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken?.sub) throw new Error('OIDC id token has no subject');
    let claims: Record<string, unknown> = idToken;
    if (typeof idToken.email !== 'string' && configuration.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      claims = { ...info, ...idToken, email: info.email, email_verified: info.email_verified };
    }
    return {
      subject: idToken.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    };
  }
}
