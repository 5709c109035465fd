import sharp, { type Metadata, type Sharp } from 'sharp';
import { sniffImage, type SniffedImage } from './image-sniff.ts';
import { type Jpeg2000Decoder, Jpeg2000Error, pngOf } from './jpeg2000.ts';

/**
 * An upload is an image only once it decodes: the container's structure (image-sniff.ts) says what
 * it claims to be, the decoder reads every pixel of it (a file cut short or with broken data
 * fails here). Along the way come what is stored beside the original: the PNG rendition of a
 * JPEG 2000 and the thumbnail of an NFT image.
 */

/** Width × height beyond which an image is refused: 2 MB can declare far more than memory holds. */
export const MAX_PIXELS = 25_000_000;
/** The thumbnail fits this square. */
export const THUMBNAIL_PX = 320;

export type RefusalReason = 'format' | 'too-large';

export class ImageRefused extends Error {
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason, detail: string) {
    super(`image refused (${reason}): ${detail}`);
    this.name = 'ImageRefused';
    this.reason = reason;
  }
}

export interface CheckedImage extends SniffedImage {
  width: number;
  height: number;
  /** PNG, for originals browsers cannot show (JPEG 2000). */
  rendition: Buffer | null;
  thumbnail: Buffer | null;
}

/** Refused: a decoder's error text is about the file, not about us. */
const refuse = (reason: RefusalReason, detail: string) => new ImageRefused(reason, detail);

export async function checkImage(
  bytes: Buffer,
  opts: { thumbnail: boolean; jpeg2000: Jpeg2000Decoder },
): Promise<CheckedImage> {
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw refuse('format', 'not a whole PNG, JPEG or JPEG 2000 file');
  if (sniffed.width && sniffed.height && sniffed.width * sniffed.height > MAX_PIXELS) {
    throw refuse('too-large', `${sniffed.width}×${sniffed.height}`);
  }
  return sniffed.kind === 'jp2' || sniffed.kind === 'j2c'
    ? viaOpenJpeg(bytes, sniffed, opts)
    : viaSharp(bytes, sniffed, opts.thumbnail);
}

/** failOn 'truncated': a file cut short fails; a harmless warning (extra bytes in a marker) does not. */
const SHARP_INPUT = { failOn: 'truncated', limitInputPixels: MAX_PIXELS } as const;

const thumbnailOf = (image: Sharp) =>
  image.rotate().resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true });

async function viaSharp(bytes: Buffer, sniffed: SniffedImage, thumbnail: boolean): Promise<CheckedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, SHARP_INPUT).metadata();
  } catch (err) {
    throw refuse('format', (err as Error).message);
  }
  // libvips must see the same format (it reads more than the magic bytes: SVG, PDF and the like never reach it).
  if (meta.format !== sniffed.kind || !meta.width || !meta.height) throw refuse('format', `read as ${meta.format}`);
  if (meta.width * meta.height > MAX_PIXELS) throw refuse('too-large', `${meta.width}×${meta.height}`);
  // Every row decoded, into a small output: the check costs little memory whatever the image's size.
  let small: Buffer;
  try {
    const image = thumbnailOf(sharp(bytes, SHARP_INPUT));
    small = await (thumbnail ? image.png() : image.raw()).toBuffer();
  } catch (err) {
    throw refuse('format', (err as Error).message);
  }
  return { ...sniffed, width: meta.width, height: meta.height, rendition: null, thumbnail: thumbnail ? small : null };
}

async function viaOpenJpeg(
  bytes: Buffer,
  sniffed: SniffedImage,
  opts: { thumbnail: boolean; jpeg2000: Jpeg2000Decoder },
): Promise<CheckedImage> {
  let decoded: Awaited<ReturnType<Jpeg2000Decoder['decode']>>;
  try {
    decoded = await opts.jpeg2000.decode(bytes);
  } catch (err) {
    if (err instanceof Jpeg2000Error) throw refuse('format', err.message);
    throw err;
  }
  const rendition = await pngOf(decoded);
  const thumbnail = opts.thumbnail ? await thumbnailOf(sharp(rendition)).png().toBuffer() : null;
  return { ...sniffed, width: decoded.width, height: decoded.height, rendition, thumbnail };
}
