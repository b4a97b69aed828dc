import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { z } from 'zod';
import type { CachedValues } from './versionedCache';

/** The content codings a cached response is stored in, best first. */
export type Coding = 'br' | 'gzip';

/**
 * Brotli's quality for responses, not its best (11): a new response is compressed while its request waits. On
 * search responses of 0.8-1.2 KB, quality 11 took 2-2.7 ms of the server's thread and 5 took 0.05-0.1 ms, for sizes
 * within 2 % (`npm run bench:search` prints both). People typing send many keywords the server has not seen yet.
 */
export const RESPONSE_BROTLI_QUALITY = 5;

/** A text (JSON, HTML) compressed with brotli at `quality`. */
export function brotliEncode(text: string, quality: number): Buffer {
  return brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A response that is sent many times (a search response, a cached list, a page's HTML): its text, and each
 * compressed form made once on first use. Compressing a 1.4 KB response per request cost search three quarters of
 * its throughput under browsers; made once, a repeated response costs a map lookup whatever the client accepts.
 */
export class EncodedResponse {
  private readonly encoded = new Map<Coding, Buffer>();

  constructor(
    readonly text: string,
    readonly type: string = JSON_TYPE,
  ) {}

  /** The response in this coding, compressed once (the result is stored with it). */
  bytes(coding: Coding): Buffer {
    let bytes = this.encoded.get(coding);
    if (!bytes) {
      bytes =
        coding === 'br'
          ? brotliEncode(this.text, RESPONSE_BROTLI_QUALITY)
          : gzipSync(this.text, { level: 9 });
      this.encoded.set(coding, bytes);
    }
    return bytes;
  }
}

/**
 * `value` encoded as its route's schema encodes a response (unknown keys dropped). A value off the schema throws, a
 * 500 as the serializer's would be: a response sent as encoded bytes skips the route's serializer.
 */
export function encodeResponse<T extends z.ZodType>(schema: T, value: z.input<T>): EncodedResponse {
  return new EncodedResponse(JSON.stringify(schema.parse(value)));
}

/**
 * Sends `response` in the coding the request prefers, as the handler's return value. Its route opts out of the
 * per-request compression (`compress: false`); elsewhere that compression leaves a response with a
 * Content-Encoding as it is. Returned, not sent: an async handler that returns the reply has it awaited as a
 * thenable, which costs a stream-end listener per request. Typed `never` so that a handler typed by its schema can
 * return it.
 */
export function sendResponse(request: FastifyRequest, reply: FastifyReply, response: EncodedResponse): never {
  const vary = reply.getHeader('vary');
  reply.type(response.type).header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const coding =
    response.text.length >= COMPRESS_FROM_BYTES
      ? preferredCoding(request.headers['accept-encoding'])
      : undefined;
  if (!coding) return response.text as never;
  reply.header('content-encoding', coding);
  return response.bytes(coding) as never;
}

/**
 * Sends the response cached under `key` in `responses`, reading and encoding it by `schema` first when it is not
 * there (a list's route: most visitors ask for the same few).
 */
export async function sendCachedResponse<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  responses: CachedValues<EncodedResponse>,
  key: string,
  schema: S,
  read: () => Promise<z.input<S>>,
): Promise<never> {
  return sendResponse(
    request,
    reply,
    await responses.get(key, async () => encodeResponse(schema, await read())),
  );
}

/**
 * Responses shorter than this go as they are (an empty list). Others are worth compressing even when small: the
 * compressed bytes are made once, so a smaller threshold costs no CPU per request.
 */
export const COMPRESS_FROM_BYTES = 256;

/**
 * The coding to respond in, from an Accept-Encoding header: brotli, then gzip, unless refused with `q=0`
 * (`*` counts for a coding not named). Undefined means identity.
 */
export function preferredCoding(header: string | string[] | undefined): Coding | undefined {
  if (!header) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  // Browsers send a handful of distinct headers, each on every request: each is read once (parsing it was the
  // largest cost of a search response of our own). A client cycling through more only empties the memory.
  if (codingsRead.has(text)) return codingsRead.get(text);
  if (codingsRead.size >= CODINGS_REMEMBERED) codingsRead.clear();
  const coding = readPreferredCoding(text);
  codingsRead.set(text, coding);
  return coding;
}

const CODINGS_REMEMBERED = 64;
const codingsRead = new Map<string, Coding | undefined>();

/** The weight (`q`, 1 when not given) of each name in an Accept or Accept-Encoding header, lower-cased. */
export function acceptedWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return weights;
}

function readPreferredCoding(header: string): Coding | undefined {
  const weights = acceptedWeights(header);
  const weight = (coding: Coding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((c) => weight(c) > 0).sort((a, b) => weight(b) - weight(a));
  return best[0];
}
