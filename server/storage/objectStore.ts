import { createHash, createHmac } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live: a folder under DATA_DIR, or an S3-compatible bucket when S3_* is configured. */
export type ObjectStore = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when there is no such object. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
};

export type S3Settings = {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO); path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** S3 settings from S3_ENDPOINT, S3_BUCKET, S3_REGION (default us-east-1), S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY. */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  };
}

/** Keys are relative paths of safe segments ([A-Za-z0-9._-]), never `..`. */
function checkKey(key: string): string {
  if (!key.split('/').every((s) => /^[A-Za-z0-9._-]+$/.test(s) && s !== '.' && s !== '..'))
    throw new Error(`Invalid object key: ${key}`);
  return key;
}

export function diskStore(root: string): ObjectStore {
  const file = (key: string) => path.join(root, checkKey(key));
  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, target);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * AWS Signature Version 4 headers for one S3 request. `headers` are the extra headers to sign (lower-case
 * names); host, x-amz-date and x-amz-content-sha256 are added.
 */
export function signS3Request(opts: {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  now: Date;
}): Record<string, string> {
  const amzDate = opts.now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: opts.url.host,
    'x-amz-content-sha256': opts.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalQuery = [...opts.url.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    opts.method,
    opts.url.pathname,
    canonicalQuery,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    opts.payloadHash,
  ].join('\n');
  const scope = `${day}/${opts.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day), opts.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

export function s3Store(s3: S3Settings, prefix = '', fetchImpl: typeof fetch = fetch): ObjectStore {
  const urlFor = (key: string) =>
    new URL(`${s3.endpoint.replace(/\/$/, '')}/${encodeURIComponent(s3.bucket)}/${prefix}${checkKey(key)}`);
  const send = (method: string, key: string, body?: Buffer, contentType?: string) => {
    const url = urlFor(key);
    const headers = signS3Request({
      method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payloadHash: sha256(body ?? ''),
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      region: s3.region,
      now: new Date(),
    });
    return fetchImpl(url, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
  };
  return {
    async put(key, body, contentType) {
      const res = await send('PUT', key, body, contentType);
      if (!res.ok) throw new Error(`S3 PUT ${key} failed with ${res.status}: ${await res.text()}`);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`S3 GET ${key} failed with ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed with ${res.status}`);
    },
  };
}
