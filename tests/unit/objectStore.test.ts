import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskStore, s3Store } from '../../server/storage/objectStore';

/*
 * The S3 side of these tests verifies every request as S3 does (SigV4 with a signed payload hash), written from
 * the AWS specification independently of the signer the store uses, and checked against AWS's published example.
 */

/** SigV4's UriEncode: every byte except A-Z a-z 0-9 - . _ ~ becomes %XX (so `!'()*` are encoded). */
const uriEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const AUTH = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

/** Why S3 would refuse this request, or undefined when the signature and the payload hash check out. */
function verifySigV4(
  req: { method: string; url: string; headers: IncomingHttpHeaders },
  body: Buffer,
  credentials: { accessKeyId: string; secretAccessKey: string; region: string },
): string | undefined {
  const auth = AUTH.exec(String(req.headers.authorization ?? ''));
  if (!auth) return 'MissingSecurityHeader';
  const [, keyId, day, region, signedHeaders, signature] = auth as unknown as string[];
  if (keyId !== credentials.accessKeyId || region !== credentials.region) return 'InvalidAccessKeyId';
  const names = signedHeaders!.split(';');
  if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((n) => names.includes(n))) return 'AccessDenied';
  const payloadHash = String(req.headers['x-amz-content-sha256']);
  if (payloadHash !== createHash('sha256').update(body).digest('hex')) return 'XAmzContentSHA256Mismatch';
  const amzDate = String(req.headers['x-amz-date']);
  if (amzDate.slice(0, 8) !== day) return 'AccessDenied';
  const [rawPath, rawQuery = ''] = req.url.split('?');
  const canonicalRequest = [
    req.method,
    rawPath!.split('/').map((segment) => uriEncode(decodeURIComponent(segment))).join('/'),
    [...new URLSearchParams(rawQuery)]
      .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
      .sort()
      .join('&'),
    names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day!), region!), 's3'), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return expected === signature ? undefined : 'SignatureDoesNotMatch';
}

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

/** A bucket server on 127.0.0.1 that keeps objects by path and refuses what S3 would refuse (403/400). */
async function startFakeS3(credentials: { accessKeyId: string; secretAccessKey: string; region: string }) {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const seen: { method: string; url: string; refused: string | undefined }[] = [];
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const refused = verifySigV4({ method: req.method!, url: req.url!, headers: req.headers }, body, credentials);
    seen.push({ method: req.method!, url: req.url!, refused });
    if (refused) return res.writeHead(refused === 'XAmzContentSHA256Mismatch' ? 400 : 403).end(`<Code>${refused}</Code>`);
    const key = decodeURIComponent(req.url!.split('?')[0]!);
    if (req.method === 'PUT') objects.set(key, { body, contentType: req.headers['content-type'] });
    if (req.method === 'DELETE') objects.delete(key);
    if (req.method === 'GET' && !objects.has(key)) return res.writeHead(404).end();
    res.writeHead(req.method === 'DELETE' ? 204 : 200).end(req.method === 'GET' ? objects.get(key)!.body : undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const CREDENTIALS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'a-test-only-secret', region: 'eu-central-1' };

describe('the fake bucket verifies SigV4 as S3 does', () => {
  // The GET Object example from AWS's SigV4 documentation (header-based auth, S3).
  const example = {
    method: 'GET',
    url: '/test.txt',
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    },
  };
  const aws = {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
  };

  it('accepts the AWS documentation example and refuses it altered', () => {
    expect(verifySigV4(example, Buffer.alloc(0), aws)).toBeUndefined();
    expect(verifySigV4({ ...example, url: '/test.txt2' }, Buffer.alloc(0), aws)).toBe('SignatureDoesNotMatch');
    expect(verifySigV4(example, Buffer.from('x'), aws)).toBe('XAmzContentSHA256Mismatch');
  });
});

describe('object stores', () => {
  it('an S3-compatible bucket stores, reads and deletes objects with SigV4-signed path-style requests', async () => {
    const s3 = await startFakeS3(CREDENTIALS);
    try {
      const store = s3Store({ endpoint: s3.endpoint, bucket: 'avatars', ...CREDENTIALS }, 'uploads/');
      await store.put('profile/abc', Buffer.from('png-bytes'), 'image/png');
      expect(s3.objects.get('/avatars/uploads/profile/abc')).toEqual({
        body: Buffer.from('png-bytes'),
        contentType: 'image/png',
      });
      expect((await store.get('profile/abc'))?.toString()).toBe('png-bytes');
      await store.delete('profile/abc');
      expect(await store.get('profile/abc')).toBeUndefined();
      expect(s3.seen.map((r) => `${r.method} ${r.url} ${r.refused ?? 'ok'}`)).toEqual([
        'PUT /avatars/uploads/profile/abc ok',
        'GET /avatars/uploads/profile/abc ok',
        'DELETE /avatars/uploads/profile/abc ok',
        'GET /avatars/uploads/profile/abc ok',
      ]);
    } finally {
      await s3.close();
    }
  });

  it("signs a key holding !'()* with those characters percent-encoded, as SigV4 requires", async () => {
    const s3 = await startFakeS3(CREDENTIALS);
    try {
      const store = s3Store({ endpoint: s3.endpoint, bucket: 'avatars', ...CREDENTIALS });
      const key = "profile/it's(1)!*";
      await store.put(key, Buffer.from('bytes'), 'image/webp');
      expect((await store.get(key))?.toString()).toBe('bytes');
      expect(s3.seen.map((r) => r.refused)).toEqual([undefined, undefined]);
      expect([...s3.objects.keys()]).toEqual(["/avatars/profile/it's(1)!*"]);
    } finally {
      await s3.close();
    }
  });

  it('fails loudly when the bucket refuses the signature (wrong secret)', async () => {
    const s3 = await startFakeS3(CREDENTIALS);
    try {
      const store = s3Store({ endpoint: s3.endpoint, bucket: 'avatars', ...CREDENTIALS, secretAccessKey: 'wrong' });
      await expect(store.put('profile/abc', Buffer.from('x'), 'image/png')).rejects.toThrow(/403.*SignatureDoesNotMatch/);
      expect(s3.objects.size).toBe(0);
    } finally {
      await s3.close();
    }
  });

  it('the disk store refuses keys that leave its folder', async () => {
    const store = diskStore(mkdtempSync(path.join(os.tmpdir(), 'store-')));
    await store.put('profile/u1', Buffer.from('x'), 'image/png');
    expect((await store.get('profile/u1'))?.toString()).toBe('x');
    await expect(store.put('../escape', Buffer.from('x'), 'image/png')).rejects.toThrow(/Invalid object key/);
  });

  it('the disk store takes concurrent writes of one key: one of them wins whole, no temp file is left', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'store-'));
    const store = diskStore(root);
    const bodies = Array.from({ length: 20 }, (_, i) => Buffer.alloc(4096, i));
    await Promise.all(bodies.map((b) => store.put('profile/u1', b, 'image/png')));
    const stored = await store.get('profile/u1');
    expect(bodies.some((b) => b.equals(stored!))).toBe(true);
    expect(readdirSync(path.join(root, 'profile'))).toEqual(['u1']);
  });
});
