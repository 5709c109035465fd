import type { FileMime } from './files.tables.ts';

/**
 * What an upload is, judged by its bytes alone: never by its name or the type the client declared.
 * Pure and cheap: it reads the container's structure (PNG chunks, JPEG markers, JP2 boxes and the
 * JPEG 2000 main header) and refuses anything that is not complete; the decoder then has the last
 * word (image-decode.ts), since a structurally whole file can still hold broken image data.
 */
export type ImageKind = 'png' | 'jpeg' | 'jp2' | 'j2c';

export interface SniffedImage {
  kind: ImageKind;
  mime: FileMime;
  /** The extension the stored original gets. */
  ext: string;
  /** Known from the header for PNG and JPEG 2000; JPEG's come from the decoder. */
  width?: number;
  height?: number;
}

const TYPES: Record<ImageKind, { mime: FileMime; ext: string }> = {
  png: { mime: 'image/png', ext: 'png' },
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  jp2: { mime: 'image/jp2', ext: 'jp2' },
  j2c: { mime: 'image/j2c', ext: 'j2c' },
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JP2_SIGNATURE = [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
/** SOC then SIZ: the first two markers of every JPEG 2000 codestream. */
const J2K_START = [0xff, 0x4f, 0xff, 0x51];

export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return withType('png', pngSize(bytes));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return jpegIsWhole(bytes) ? withType('jpeg', {}) : null;
  }
  if (startsWith(bytes, JP2_SIGNATURE)) {
    const codestream = jp2Codestream(bytes);
    return codestream ? withType('jp2', codestreamSize(codestream)) : null;
  }
  if (startsWith(bytes, J2K_START)) return withType('j2c', codestreamSize(bytes));
  return null;
}

function withType(kind: ImageKind, size: { width?: number; height?: number } | null): SniffedImage | null {
  return size ? { kind, ...TYPES[kind], ...size } : null;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Chunks from the signature to IEND, each within the file, IHDR first; nothing after IEND (bytes
 * appended to an image are how polyglot files hide another document).
 */
function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const dv = view(bytes);
  let at = PNG_SIGNATURE.length;
  let size: { width: number; height: number } | null = null;
  while (at + 12 <= bytes.length) {
    const length = dv.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!/^[A-Za-z]{4}$/.test(type) || length > bytes.length - at - 12) return null;
    if (size === null) {
      if (type !== 'IHDR' || length !== 13) return null;
      size = { width: dv.getUint32(at + 8), height: dv.getUint32(at + 12) };
      if (size.width === 0 || size.height === 0) return null;
    }
    at += 12 + length;
    if (type === 'IEND') return at === bytes.length ? size : null;
  }
  return null;
}

/**
 * SOI at the start and an EOI after it. Bytes after the EOI are allowed: cameras append further
 * images there (MPF); a file cut short is found by the decoder, which reads the entropy-coded data.
 */
function jpegIsWhole(bytes: Uint8Array): boolean {
  for (let i = bytes.length - 2; i >= 2; i--) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

/**
 * The JP2 file's boxes, each within the file: signature, then a file-type box, then anything up to
 * the contiguous codestream box (jp2c), whose content is returned. A box of length 0 runs to the end.
 */
function jp2Codestream(bytes: Uint8Array): Uint8Array | null {
  const dv = view(bytes);
  let at = JP2_SIGNATURE.length;
  let first = true;
  while (at + 8 <= bytes.length) {
    let length = dv.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    let header = 8;
    if (length === 1) {
      if (at + 16 > bytes.length) return null;
      const big = dv.getBigUint64(at + 8);
      if (big > BigInt(bytes.length)) return null;
      length = Number(big);
      header = 16;
    } else if (length === 0) {
      length = bytes.length - at;
    }
    if (length < header || length > bytes.length - at) return null;
    if (first && type !== 'ftyp') return null;
    first = false;
    if (type === 'jp2c') return bytes.subarray(at + header, at + length);
    at += length;
  }
  return null;
}

/**
 * SOC, SIZ with the image size, and EOC as the last marker (a codestream cut short has none). Grey
 * (1 component) or colour (3), each at full resolution: the decoder build refuses other counts, and
 * the renderer does not upsample subsampled components.
 */
function codestreamSize(cs: Uint8Array): { width: number; height: number } | null {
  if (!startsWith(cs, J2K_START) || cs.length < 4 + 41 + 2) return null;
  if (cs[cs.length - 2] !== 0xff || cs[cs.length - 1] !== 0xd9) return null;
  const dv = view(cs);
  const lsiz = dv.getUint16(4);
  const components = dv.getUint16(40);
  if ((components !== 1 && components !== 3) || lsiz !== 38 + 3 * components || 4 + lsiz > cs.length - 2) return null;
  const width = dv.getUint32(8) - dv.getUint32(16);
  const height = dv.getUint32(12) - dv.getUint32(20);
  if (width <= 0 || height <= 0) return null;
  for (let c = 0; c < components; c++) {
    if (cs[42 + 3 * c + 1] !== 1 || cs[42 + 3 * c + 2] !== 1) return null;
  }
  return { width, height };
}
