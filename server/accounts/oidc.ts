import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OidcConfig } from '../config';

/** The scopes Cognito's hosted UI is asked for (spec §7). */
export const OIDC_SCOPE = 'email openid profile aws.cognito.signin.user.admin';

type Discovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
};

export type OidcProvider = { id: string; name: string };

export type OidcStart = { url: string; state: string; verifier: string; nonce: string };

export type OidcIdentity = { subject: string; email: string | undefined; emailVerified: boolean };

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * Social sign-in through one hosted OpenID provider (Cognito's hosted UI or any OIDC issuer): every configured
 * social provider name is passed to it as identity_provider; the code flow uses state, nonce and PKCE (S256).
 */
export class OidcClient {
  private discovery: Promise<Discovery> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(readonly config: OidcConfig) {}

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

  private discover(): Promise<Discovery> {
    this.discovery ??= (async () => {
      const res = await fetch(`${this.config.issuer}/.well-known/openid-configuration`);
      if (!res.ok) throw new Error(`OIDC discovery failed with status ${res.status}`);
      const doc = (await res.json()) as Discovery;
      if (!doc.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri) {
        throw new Error('OIDC discovery document is incomplete');
      }
      return doc;
    })().catch((err: unknown) => {
      this.discovery = undefined;
      throw err;
    });
    return this.discovery;
  }

  async start(provider: OidcProvider, redirectUri: string): Promise<OidcStart> {
    const doc = await this.discover();
    const state = b64url(randomBytes(24));
    const nonce = b64url(randomBytes(24));
    const verifier = b64url(randomBytes(32));
    const challenge = b64url(createHash('sha256').update(verifier).digest());
    const url = new URL(doc.authorization_endpoint);
    url.searchParams.set('identity_provider', provider.name);
    url.searchParams.set('response_type', 'CODE');
    url.searchParams.set('client_id', this.config.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', OIDC_SCOPE);
    url.searchParams.set('state', state);
    url.searchParams.set('nonce', nonce);
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return { url: url.toString(), state, verifier, nonce };
  }

  /** Exchanges the code (client_secret_basic + PKCE verifier) and verifies the id token. */
  async finish(input: {
    code: string;
    redirectUri: string;
    verifier: string;
    nonce: string;
  }): Promise<OidcIdentity> {
    const doc = await this.discover();
    const basic = Buffer.from(
      `${encodeURIComponent(this.config.clientId)}:${encodeURIComponent(this.config.clientSecret)}`,
    ).toString('base64');
    const res = await fetch(doc.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${basic}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.verifier,
        client_id: this.config.clientId,
      }).toString(),
    });
    const tokens = (await res.json().catch(() => ({}))) as {
      id_token?: string;
      access_token?: string;
      error?: string;
    };
    if (!res.ok || !tokens.id_token) {
      throw new Error(`OIDC token exchange failed: ${tokens.error ?? res.status}`);
    }
    this.jwks ??= createRemoteJWKSet(new URL(doc.jwks_uri));
    const { payload } = await jwtVerify(tokens.id_token, this.jwks, {
      issuer: doc.issuer,
      audience: this.config.clientId,
    });
    if (payload.nonce !== input.nonce) throw new Error('OIDC id token nonce does not match');
    if (!payload.sub) throw new Error('OIDC id token has no subject');
    let claims: JWTPayload = payload;
    if (typeof claims.email !== 'string' && tokens.access_token && doc.userinfo_endpoint) {
      const info = await fetch(doc.userinfo_endpoint, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      if (info.ok) {
        const extra = (await info.json()) as JWTPayload;
        if (extra.sub === payload.sub) claims = { ...extra, ...payload, email: extra.email };
      }
    }
    return {
      subject: payload.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    };
  }
}
