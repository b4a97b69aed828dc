import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES } from '../../api/user';
import { uploadStore } from '../../server/storage/select';
import { useTestApp } from '../helpers/app';
import { authedInject, signUpAndSignIn, type TestSession } from '../helpers/auth';

// Password hashing for the sign-ups, and 50 MB bodies, on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/*
 * Three pentest findings, attacked against the real server: concurrent uploads by one user, uploads
 * over the 2 MB limit (through app.inject and through a real listener with fetch, the way the review saw
 * different results), and picture files that carry HTML.
 */

const UPLOAD = '/api/user/profile/upload';
const BOUNDARY = '----sentinel-security-boundary';
const HTML =
  '<html><body><script>fetch("/api/user/profile").then(r=>r.text()).then(alert)</script></body></html>';

const head = (filename = 'me.png', type = 'image/png') =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
/** The multipart body of `file` in two chunks, the first ending exactly at the size limit. */
const cutAtLimit = (file: Buffer) => [
  Buffer.concat([head(), file.subarray(0, PROFILE_IMAGE_MAX_BYTES)]),
  Buffer.concat([file.subarray(PROFILE_IMAGE_MAX_BYTES), tail]),
];

/** A real picture of one colour. */
const solid = (r: number, g: number, b: number, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** A PNG chunk (length, type, data, CRC) to build files a decoder accepts. */
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

const t = useTestApp();
let origin: string;

beforeAll(async () => {
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const upload = (session: TestSession, file: Buffer, filename?: string, type?: string) =>
  authedInject(t.app, session, {
    method: 'POST',
    url: UPLOAD,
    headers: multipartHeaders,
    payload: Buffer.concat([head(filename, type), file, tail]),
  });

const profile = async (session: TestSession) =>
  (await authedInject(t.app, session, { method: 'GET', url: '/api/user/profile' })).json() as {
    profileImageUrl: string | null;
  };

const image = (session: TestSession) =>
  t.app.inject({ method: 'GET', url: `/api/user/profile/image/${session.user.username}?v=1` });

/** The bytes stored for this user's picture, read from the store the server uses (disk, PostgreSQL or bucket). */
const stored = (session: TestSession) =>
  uploadStore(t.config, t.database).get(`profile/${session.user.username}`);

/** Asserts that nothing was stored for this user: no picture address, no picture served, no stored object. */
async function expectNothingStored(session: TestSession) {
  expect((await profile(session)).profileImageUrl).toBeNull();
  expect((await image(session)).statusCode).toBe(204);
  expect(await stored(session)).toBeUndefined();
}

function expectTooLarge(status: number, body: unknown) {
  expect(status).toBe(413);
  expect(body).toMatchObject({ error: 'PayloadTooLarge', fields: { file: expect.any(String) } });
}

describe('finding 12: concurrent uploads by one user', () => {
  it('answers every one of 12 parallel uploads without a 5xx and keeps exactly one of the pictures', async () => {
    const session = await signUpAndSignIn(t.app);
    const colours = Array.from({ length: 12 }, (_, i) => [i * 20, 255 - i * 20, (i * 53) % 256] as const);
    const pictures = await Promise.all(colours.map(([r, g, b]) => solid(r, g, b)));
    const answers = await Promise.all(pictures.map((p) => upload(session, p)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));

    const served = await image(session);
    expect(served.statusCode).toBe(200);
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(colours).toContainEqual([data[0], data[1], data[2]]);
    expect((await stored(session))?.equals(served.rawPayload)).toBe(true);
  });
});

describe('finding 13: a file over 2 MB is always a 413 and nothing is stored', () => {
  let session: TestSession;
  beforeAll(async () => {
    session = await signUpAndSignIn(t.app);
  });

  /** A real PNG followed by filler up to `size` bytes: the first 2 MB alone would start like a picture. */
  const oversized = async (size: number) => {
    const png = await solid(1, 2, 3);
    return Buffer.concat([png, Buffer.alloc(size - png.length, 0x41)]);
  };

  it.each([
    ['3 MB', 3 * 1024 * 1024],
    ['50 MB', 50 * 1024 * 1024],
  ])('%s in one body through app.inject → 413', async (_, size) => {
    const res = await upload(session, await oversized(size));
    expectTooLarge(res.statusCode, res.json());
    await expectNothingStored(session);
  });

  it('3 MB whose first chunk ends exactly at the limit (the cut the review saw stored) → 413', async () => {
    const file = await oversized(3 * 1024 * 1024);
    const chunks = cutAtLimit(file);
    const res = await authedInject(t.app, session, {
      method: 'POST',
      url: UPLOAD,
      headers: multipartHeaders,
      payload: Readable.from(chunks),
    });
    expectTooLarge(res.statusCode, res.json());
    await expectNothingStored(session);
  });

  it.each([
    ['3 MB', 3 * 1024 * 1024],
    ['50 MB', 50 * 1024 * 1024],
  ])('%s sent by fetch with FormData to a real listener → 413', async (_, size) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await oversized(size))], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${origin}${UPLOAD}`, {
      method: 'POST',
      body: form,
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    expectTooLarge(res.status, await res.json());
    await expectNothingStored(session);
  });

  it('3 MB streamed by fetch to a real listener, the first chunk ending at the limit → 413', async () => {
    const file = await oversized(3 * 1024 * 1024);
    const chunks = cutAtLimit(file);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = chunks.shift();
        if (!next) return controller.close();
        controller.enqueue(new Uint8Array(next));
        // Let the first chunk reach the server on its own (pacing only; nothing is asserted on time).
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    const res = await fetch(`${origin}${UPLOAD}`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, ...multipartHeaders },
    } as RequestInit);
    expectTooLarge(res.status, await res.json());
    await expectNothingStored(session);
  });

  it('a picture of exactly 2 MB is still taken', async () => {
    const res = await upload(session, await oversized(PROFILE_IMAGE_MAX_BYTES));
    expect(res.statusCode).toBe(200);
    expect(res.json().profileImageUrl).toMatch(/^\/api\/user\/profile\/image\//);
  });
});

describe('finding 18: pictures that carry HTML', () => {
  const hasHtml = (buf: Buffer) => buf.includes('<script') || buf.includes('<html');

  /** Uploads, then reads the stored picture back as a browser would; asserts it is a clean image. */
  async function expectStoredClean(file: Buffer, type: string) {
    const session = await signUpAndSignIn(t.app);
    const res = await upload(session, file);
    expect(res.statusCode).toBe(200);
    const served = await image(session);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(hasHtml(served.rawPayload)).toBe(false);
    // The stored bytes too, not only what is served: a picture that decodes, without the HTML.
    const bytes = await stored(session);
    expect(bytes && hasHtml(bytes)).toBe(false);
    expect((await sharp(bytes).metadata()).width).toBeGreaterThan(0);
  }

  it('a PNG with HTML appended after IEND is stored and served without the HTML', async () => {
    const file = Buffer.concat([await solid(10, 20, 30), Buffer.from(HTML)]);
    expect(hasHtml(file)).toBe(true);
    await expectStoredClean(file, 'image/png');
  });

  it('a PNG with HTML in a text chunk is stored and served without it', async () => {
    const png = await solid(40, 50, 60);
    const iend = png.length - 12;
    const text = pngChunk('tEXt', Buffer.from(`Comment\0${HTML}`, 'latin1'));
    const file = Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)]);
    expect((await sharp(file).metadata()).width).toBe(64);
    await expectStoredClean(file, 'image/png');
  });

  it('a JPEG with HTML appended after the image is stored and served without the HTML', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: 'navy' } })
      .jpeg()
      .toBuffer();
    await expectStoredClean(Buffer.concat([jpeg, Buffer.from(HTML)]), 'image/jpeg');
  });

  it.each([
    ['a PNG signature followed by HTML', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['a JPEG marker followed by HTML', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
    [
      'a WebP header followed by HTML',
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]),
    ],
  ])('%s is refused with a 400 naming the file and nothing is stored', async (_, header) => {
    const session = await signUpAndSignIn(t.app);
    const res = await upload(session, Buffer.concat([header, Buffer.from(HTML)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('file');
    await expectNothingStored(session);
  });

  it('a decompression bomb (100 megapixels in 300 KB) is a 400 naming the file, not a hang', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: 'black' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
    const session = await signUpAndSignIn(t.app);
    const res = await upload(session, bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toMatch(/pixels/);
    await expectNothingStored(session);
  });

  it('large pictures are stored scaled down to at most 512 px', async () => {
    const session = await signUpAndSignIn(t.app);
    expect((await upload(session, await solid(1, 1, 1, 1500))).statusCode).toBe(200);
    const meta = await sharp((await image(session)).rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(512);
  });
});
