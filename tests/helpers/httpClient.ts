/**
 * A tiny browser for tests that talk to real servers over HTTP (the fleet, the durability test, the fleet bench):
 * a cookie jar, JSON, form and multipart bodies, and the CSRF token once it has one.
 */

/** Cookies as a browser keeps them: sent back on every request, replaced when set again, dropped when cleared. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  get size(): number {
    return this.cookies.size;
  }

  /** The Cookie header to send ('' while the jar is empty). */
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Takes the Set-Cookie lines of an answer: an empty value, Max-Age=0 or an expiry in 1970 clears a cookie. */
  keep(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  copy(): CookieJar {
    const copy = new CookieJar();
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }
}

export type Body = { json?: unknown; form?: Record<string, string>; multipart?: FormData };
export type Answer<T = unknown> = { status: number; headers: Headers; data: T; body: Buffer };

export class Client {
  private jar = new CookieJar();
  csrf: string | undefined;

  get cookie(): string {
    return this.jar.header;
  }

  /** Another browser holding a copy of this one's cookies (e.g. a stolen or kept session). */
  clone(): Client {
    const copy = new Client();
    copy.jar = this.jar.copy();
    copy.csrf = this.csrf;
    return copy;
  }

  async send<T = unknown>(base: string, method: string, path: string, body?: Body): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (this.jar.size > 0) headers.cookie = this.jar.header;
    // On GETs too, as the app's own client: the vote is a GET that writes, taken only with the token.
    if (this.csrf) headers['x-csrf-token'] = this.csrf;
    let payload: string | FormData | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.form).toString();
    } else if (body?.multipart) {
      payload = body.multipart;
    }
    const res = await fetch(`${base}${path}`, { method, headers, body: payload, redirect: 'manual' });
    this.jar.keep(res.headers);
    const raw = Buffer.from(await res.arrayBuffer());
    let data: unknown = raw.toString();
    if ((res.headers.get('content-type') ?? '').includes('json')) data = JSON.parse(raw.toString());
    return { status: res.status, headers: res.headers, data: data as T, body: raw };
  }

  /** Sends and expects a 2xx (an acknowledged write), returning the body. */
  async ok<T>(base: string, method: string, path: string, body?: Body): Promise<T> {
    const res = await this.send<T>(base, method, path, body);
    if (res.status < 200 || res.status >= 300) {
      throw new Error(`${method} ${base}${path} → ${res.status} ${JSON.stringify(res.data).slice(0, 300)}`);
    }
    return res.data;
  }

  async signIn(base: string, email: string, password: string): Promise<void> {
    const { csrfToken } = await this.ok<{ csrfToken: string }>(base, 'GET', '/api/auth/csrf');
    await this.ok(base, 'POST', '/api/auth/callback/credentials', {
      form: { email, password, csrfToken, callbackUrl: '/', json: 'true' },
    });
    // The token is bound to the session: the signed-in session has its own.
    this.csrf = (await this.ok<{ csrfToken: string }>(base, 'GET', '/api/auth/csrf')).csrfToken;
  }

  /** Signs up on `base`, reads the code from the development outbox, verifies and signs in. */
  async signUp(base: string, email: string, password: string): Promise<void> {
    await this.ok(base, 'POST', '/api/auth/signup', { json: { email, password } });
    const mails = await this.ok<{ code?: string }[]>(
      base,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    const code = mails.find((m) => m.code)?.code;
    if (!code || !/^\d{6}$/.test(code))
      throw new Error(`no six-digit verification code for ${email}: ${code}`);
    await this.ok(base, 'POST', '/api/auth/verify-email', { json: { email, verificationCode: code } });
    await this.signIn(base, email, password);
  }
}
