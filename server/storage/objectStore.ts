import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

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

/** Keys are relative paths of segments of S3's "safe characters" (A-Z a-z 0-9 ! - _ . * ' ( )), never `.`/`..`. */
function checkKey(key: string): string {
  if (!key.split('/').every((s) => /^[A-Za-z0-9!_.*'()-]+$/.test(s) && s !== '.' && s !== '..'))
    throw new Error(`Invalid object key: ${key}`);
  return key;
}

export function diskStore(root: string): ObjectStore {
  const file = (key: string) => path.join(root, checkKey(key));
  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Unique per write: concurrent uploads of one key each rename their own complete file into place.
      const tmp = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(tmp, body);
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
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

/**
 * An S3-compatible bucket, path-style. Requests are signed with SigV4 by aws4fetch (a small, maintained signer
 * over fetch, no dependencies): it canonicalises the key as SigV4 requires (RFC 3986, so `!'()*` are encoded in
 * the signature) and retries 5xx/429. The payload hash is signed too, so the bucket rejects altered bodies.
 */
export function s3Store(s3: S3Settings, prefix = ''): ObjectStore {
  const client = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    service: 's3',
    region: s3.region,
    retries: 2,
  });
  const urlFor = (key: string) =>
    `${s3.endpoint.replace(/\/$/, '')}/${encodeURIComponent(s3.bucket)}/${prefix}${checkKey(key)}`;
  const send = (method: string, key: string, body?: Buffer, contentType?: string) =>
    client.fetch(urlFor(key), {
      method,
      headers: {
        'x-amz-content-sha256': createHash('sha256')
          .update(body ?? '')
          .digest('hex'),
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
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
