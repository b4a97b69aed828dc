import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings a cached answer is kept in, best first. */
export type Coding = 'br' | 'gzip';

/**
 * A JSON answer that is sent many times (a search answer): its text, and each compressed form made once on first
 * use. Compressing a 1.4 KB answer per request cost search three quarters of its throughput under browsers
 * (issue 11); made once, a repeated answer costs a map lookup whatever the client accepts.
 */
export class EncodedAnswer {
  private readonly encoded = new Map<Coding, Buffer>();

  constructor(readonly json: string) {}

  /** The answer in this coding, compressed once (brotli at its best quality: the result is kept). */
  bytes(coding: Coding): Buffer {
    let bytes = this.encoded.get(coding);
    if (!bytes) {
      bytes =
        coding === 'br'
          ? brotliCompressSync(this.json, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(this.json),
              },
            })
          : gzipSync(this.json, { level: 9 });
      this.encoded.set(coding, bytes);
    }
    return bytes;
  }
}

/**
 * Answers shorter than this go as they are (an empty list). Others are worth compressing even when small: the
 * compressed bytes are made once, so a smaller threshold costs no CPU per request.
 */
export const COMPRESS_FROM_BYTES = 256;

/**
 * The coding to answer in, from an Accept-Encoding header: brotli, then gzip, unless refused with `q=0`
 * (`*` counts for a coding not named). Undefined means identity.
 */
export function preferredCoding(header: string | string[] | undefined): Coding | undefined {
  if (!header) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  // Browsers send a handful of distinct headers, each on every request: each is read once (parsing it was the
  // largest cost of a search answer of our own). A client cycling through more only empties the memory.
  if (codingsRead.has(text)) return codingsRead.get(text);
  if (codingsRead.size >= CODINGS_REMEMBERED) codingsRead.clear();
  const coding = readPreferredCoding(text);
  codingsRead.set(text, coding);
  return coding;
}

const CODINGS_REMEMBERED = 64;
const codingsRead = new Map<string, Coding | undefined>();

function readPreferredCoding(header: string): Coding | undefined {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (coding: Coding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((c) => weight(c) > 0).sort((a, b) => weight(b) - weight(a));
  return best[0];
}
