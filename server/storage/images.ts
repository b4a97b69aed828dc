import { AppError, badRequest } from '../errors';

/** sharp (libvips), imported when first needed: loading it with the server cost every start ~220 ms. */
const loadSharp = async () => (await import('sharp')).default;

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The most pixels (width × height) decoded: a decompression bomb is refused from its header, never decoded. */
export const MAX_INPUT_PIXELS = 4096 * 4096;

/** Stored pictures fit in this square (the avatar is shown at most a few hundred pixels wide). */
export const MAX_STORED_SIDE = 512;

/** The image type from the first bytes (never from the file name or the declared type). */
export function sniffImageType(buf: Buffer): ImageType | undefined {
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

const SHARP_FORMAT = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;

const notAnImage = () =>
  badRequest('The picture must be a PNG, JPEG or WebP image.', {
    file: 'The picture must be a PNG, JPEG or WebP image',
  });

/**
 * A clean copy of an uploaded picture: decoded and encoded again from its pixels alone (same format, at most
 * MAX_STORED_SIDE px, upright, no metadata), so nothing that rode along in the file (HTML after the image data,
 * scripts in chunks, EXIF) is kept. Only PNG, JPEG and WebP are decoded (sniffed from the bytes, confirmed by the
 * decoder). Anything that does not decode, or is too large to decode, is a 400 naming `file`.
 */
export async function reencodeImage(input: Buffer): Promise<{ bytes: Buffer; type: ImageType }> {
  const type = sniffImageType(input);
  if (!type) throw notAnImage();
  try {
    const sharp = await loadSharp();
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (format !== SHARP_FORMAT[type]) throw notAnImage();
    const resized = image
      .autoOrient()
      .resize(MAX_STORED_SIDE, MAX_STORED_SIDE, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'image/png'
        ? resized.png()
        : type === 'image/jpeg'
          ? resized.jpeg({ quality: 85, mozjpeg: true })
          : resized.webp({ quality: 85 });
    return { bytes: await encoded.toBuffer(), type };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw badRequest('The picture has too many pixels (at most 4096 × 4096).', {
        file: 'The picture has too many pixels (at most 4096 × 4096)',
      });
    }
    throw notAnImage();
  }
}

/** The widest a logo is drawn (twice the largest logo the pages show); a wider `w` gets this width. */
export const MAX_DRAWN_LOGO_WIDTH = 512;

/**
 * An SVG of our own (a project logo: never a visitor's upload) drawn as a WebP `width` pixels wide (by default its own
 * width; at most MAX_DRAWN_LOGO_WIDTH; the height follows). A browser draws an SVG image as a little document of its
 * own on the page's main thread (a few milliseconds each at full speed, and a home page shows 18); a raster image is
 * decoded off it.
 */
export async function drawSvgAsWebp(
  svg: Buffer | string,
  width: number | undefined,
  quality: number,
): Promise<Buffer> {
  const input = Buffer.from(svg);
  const sharp = await loadSharp();
  const ownWidth = (await sharp(input).metadata()).width || 1;
  const drawnWidth = Math.min(width ?? ownWidth, MAX_DRAWN_LOGO_WIDTH);
  // Drawn at the density that makes it drawnWidth wide, then resized to exactly that (rounding).
  return sharp(input, { density: (72 * drawnWidth) / ownWidth })
    .resize({ width: drawnWidth })
    .webp({ quality })
    .toBuffer();
}
