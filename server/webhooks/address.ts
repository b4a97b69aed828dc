import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where a webhook may point (no server-side request forgery). Every address a host resolves to must be
 * public: loopback, private, carrier-grade NAT, link-local, unspecified, multicast, reserved and documentation
 * ranges are refused, also as IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible or NAT64 IPv6. The check runs at
 * registration and again before every delivery, and the delivery then connects to the address that was checked
 * (server/webhooks/deliver.ts), so a DNS answer that changes in between (rebinding) never reaches a private host.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to every address (dns.lookup with all: true); replaceable in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

let resolver: Resolver = systemResolver;
/** Tests only: answer DNS with `fn` (undefined restores the system resolver). */
export function setWebhookResolver(fn?: Resolver): void {
  resolver = fn ?? systemResolver;
}

export type WebhookPolicy = {
  /** http:// endpoints: only outside production with WEBHOOKS_ALLOW_HTTP=1 (tests, local development). */
  allowHttp: boolean;
  /** Private and loopback addresses: only outside production with WEBHOOKS_ALLOW_PRIVATE=1. */
  allowPrivate: boolean;
};

/** The policy for this process; read on each use, so a test can change the environment. */
export function webhookPolicy(production: boolean, env: NodeJS.ProcessEnv = process.env): WebhookPolicy {
  return {
    allowHttp: !production && env.WEBHOOKS_ALLOW_HTTP === '1',
    allowPrivate: !production && env.WEBHOOKS_ALLOW_PRIVATE === '1',
  };
}

/**
 * Webhook registrations (accepted or refused) per client address: each one resolves a host name the caller chose.
 */
export const REGISTER_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

/**
 * What a caller is told about any host that may not receive webhooks, whatever the reason (an internal address, a
 * name that does not resolve): the same words every time, so registering endpoints cannot be used to learn how this
 * server resolves names or what its network holds. The UI shows it on its own, under the URL field.
 */
export const WEBHOOK_HOST_REFUSED = 'This address cannot receive webhooks.';

/**
 * A refused endpoint. `message` is what the caller may see: the URL rule it broke (https, credentials), or
 * WEBHOOK_HOST_REFUSED for a refused host. `detail` says why (the address and its range, the DNS error) and goes to
 * the server's log only.
 */
export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
  readonly detail: string;
  constructor(message: string, detail = message) {
    super(message);
    this.detail = detail;
  }
}

const refusedHost = (detail: string) => new WebhookAddressError(WEBHOOK_HOST_REFUSED, detail);

/** 16 bytes of an IPv6 address (null if it is not one). */
function ipv6Bytes(text: string): number[] | null {
  let s = text.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (isIP(s) !== 6) return null;
  // A trailing dotted IPv4 part becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    s = `${s.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.includes('::') ? (s.split('::') as [string, string]) : [s, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  if (groups.length !== 8) return null;
  return groups.flatMap((g) => {
    const n = parseInt(g || '0', 16);
    return [n >> 8, n & 0xff];
  });
}

const v4Bytes = (text: string): number[] | null => (isIP(text) === 4 ? text.split('.').map(Number) : null);

/** Does `bytes` start with the first `bits` bits of `prefix`? */
function inPrefix(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if ((bytes[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
}

const V4_RANGES: [number[], number, string][] = [
  [[0, 0, 0, 0], 8, 'unspecified ("this network")'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'carrier-grade NAT'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'IETF protocol assignments'],
  [[192, 0, 2, 0], 24, 'documentation'],
  [[192, 88, 99, 0], 24, '6to4 relay'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'benchmarking'],
  [[198, 51, 100, 0], 24, 'documentation'],
  [[203, 0, 113, 0], 24, 'documentation'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

const v6 = (text: string) => ipv6Bytes(text)!;
const V6_RANGES: [number[], number, string][] = [
  [v6('::'), 128, 'unspecified'],
  [v6('::1'), 128, 'loopback'],
  [v6('100::'), 64, 'discard-only'],
  [v6('2001:db8::'), 32, 'documentation'],
  [v6('fc00::'), 7, 'unique local (private)'],
  [v6('fe80::'), 10, 'link-local'],
  [v6('fec0::'), 10, 'site-local'],
  [v6('ff00::'), 8, 'multicast'],
];

function v4Reason(bytes: number[]): string | null {
  for (const [prefix, bits, label] of V4_RANGES) if (inPrefix(bytes, prefix, bits)) return label;
  return null;
}

/**
 * Why an address may not receive webhooks (e.g. "loopback"), or null for a public address. IPv6 forms that
 * carry an IPv4 address (mapped ::ffff:0:0/96, compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged
 * by that IPv4 address.
 */
export function forbiddenRange(address: string): string | null {
  const four = v4Bytes(address);
  if (four) return v4Reason(four);
  const bytes = ipv6Bytes(address);
  if (!bytes) return 'not an IP address';
  for (const [prefix, bits, label] of V6_RANGES) if (inPrefix(bytes, prefix, bits)) return label;
  const zero10 = bytes.slice(0, 10).every((b) => b === 0);
  if (zero10 && bytes[10] === 0xff && bytes[11] === 0xff) {
    const r = v4Reason(bytes.slice(12));
    return r && `IPv4-mapped ${r}`;
  }
  if (zero10 && bytes[10] === 0 && bytes[11] === 0) {
    const r = v4Reason(bytes.slice(12));
    return r && `IPv4-compatible ${r}`;
  }
  if (inPrefix(bytes, v6('64:ff9b::'), 96)) {
    const r = v4Reason(bytes.slice(12));
    return r && `NAT64 ${r}`;
  }
  if (inPrefix(bytes, v6('2002::'), 16)) {
    const r = v4Reason(bytes.slice(2, 6));
    return r && `6to4 ${r}`;
  }
  return null;
}

/** The URL's host without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Checks the URL's form: https (http only by policy), no credentials, a host. */
export function checkWebhookUrl(raw: string, policy: WebhookPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookAddressError('Not a valid URL.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp))
    throw new WebhookAddressError('The endpoint must use https.');
  if (url.username || url.password)
    throw new WebhookAddressError('The endpoint URL may not contain a user name or password.');
  if (!url.hostname) throw new WebhookAddressError('The endpoint URL needs a host.');
  return url;
}

/**
 * Resolves the URL's host (every address) and refuses it when any address is forbidden. Returns the address to
 * connect to — the first one, which was checked. A literal IP is judged as it is, without DNS.
 */
export async function resolveWebhookTarget(url: URL, policy: WebhookPolicy): Promise<ResolvedAddress> {
  const host = bareHost(url);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolver(host);
    } catch (e) {
      throw refusedHost(`${host} does not resolve (${(e as { code?: string }).code ?? 'DNS error'}).`);
    }
    if (addresses.length === 0) throw refusedHost(`${host} does not resolve.`);
  }
  if (!policy.allowPrivate) {
    for (const { address } of addresses) {
      const why = forbiddenRange(address);
      if (why) {
        throw refusedHost(
          literal
            ? `${address} is a ${why} address (refused: webhooks go to public addresses only).`
            : `${host} resolves to ${address}, a ${why} address (refused: webhooks go to public addresses only).`,
        );
      }
    }
  }
  return addresses[0]!;
}
