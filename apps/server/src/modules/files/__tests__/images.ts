import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Real images made in the test, never fixtures copied from elsewhere: PNG and JPEG by sharp, JPEG
 * 2000 by OpenJPEG's own encoder (the WebAssembly build ships one), wrapped in a JP2 file here.
 */

export const W = 48;
export const H = 32;

/** A deterministic RGB pattern (not flat: compression has something to do). */
export function pattern(width = W, height = H, channels = 3): Buffer {
  const px = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      for (let c = 0; c < channels; c++) px[o + c] = (x * (5 + c * 3) + y * (7 - c) + c * 60) & 255;
    }
  }
  return px;
}

const raw = (width = W, height = H) => sharp(pattern(width, height), { raw: { width, height, channels: 3 } });

export const makePng = (width = W, height = H) => raw(width, height).png().toBuffer();
export const makeJpeg = (width = W, height = H) => raw(width, height).jpeg({ quality: 90 }).toBuffer();

interface OpenJpegLib {
  J2KEncoder: new () => {
    getDecodedBuffer(info: {
      width: number;
      height: number;
      bitsPerSample: number;
      componentCount: number;
      isSigned: boolean;
      isUsingColorTransform: boolean;
    }): Uint8Array;
    setDecompositions(levels: number): void;
    encode(): void;
    getEncodedBuffer(): Uint8Array;
    delete(): void;
  };
}

let lib: Promise<OpenJpegLib> | null = null;
function openJpeg(): Promise<OpenJpegLib> {
  const factory = createRequire(import.meta.url)('@cornerstonejs/codec-openjpeg/wasmjs') as (
    m: object,
  ) => Promise<OpenJpegLib>;
  lib ??= factory({ print() {}, printErr() {} });
  return lib;
}

/**
 * A lossless JPEG 2000 codestream of `samples` (interleaved; deeper than 8 bits: two bytes each, little-endian).
 * 1, 3 or 4 channels: this encoder build fails on 2.
 */
export async function makeJ2c(
  opts: { width?: number; height?: number; channels?: number; bits?: number; samples?: Uint8Array } = {},
): Promise<Buffer> {
  const { width = W, height = H, channels = 3, bits = 8 } = opts;
  const samples = opts.samples ?? pattern(width, height, channels);
  const encoder = new (await openJpeg()).J2KEncoder();
  try {
    const input = encoder.getDecodedBuffer({
      width,
      height,
      bitsPerSample: bits,
      componentCount: channels,
      isSigned: false,
      isUsingColorTransform: channels >= 3,
    });
    input.set(samples);
    // Each level halves the image: a tiny one has room for few.
    encoder.setDecompositions(Math.min(5, Math.floor(Math.log2(Math.min(width, height)))));
    encoder.encode();
    return Buffer.from(encoder.getEncodedBuffer());
  } finally {
    encoder.delete();
  }
}

function box(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + data.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, data]);
}

/** The codestream in a JP2 file: signature, file type, header (size, colour) and the codestream box. */
export async function makeJp2(opts: Parameters<typeof makeJ2c>[0] = {}): Promise<Buffer> {
  const { width = W, height = H, channels = 3, bits = 8 } = opts;
  const codestream = await makeJ2c(opts);
  const ihdr = Buffer.alloc(14);
  ihdr.writeUInt32BE(height, 0);
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt16BE(channels, 8);
  ihdr[10] = bits - 1;
  ihdr[11] = 7; // compression type: always 7
  const colour = Buffer.from([1, 0, 0, 0, 0, 0, channels >= 3 ? 16 : 17]); // enumerated sRGB / greyscale
  return Buffer.concat([
    Buffer.from('0000000c6a5020200d0a870a', 'hex'),
    box('ftyp', Buffer.concat([Buffer.from('jp2 '), Buffer.alloc(4), Buffer.from('jp2 ')])),
    box('jp2h', Buffer.concat([box('ihdr', ihdr), box('colr', colour)])),
    box('jp2c', codestream),
  ]);
}

/** A PNG of exactly `size` bytes: a valid image padded with a private ancillary chunk (decoders skip it). */
export async function makePngOfSize(size: number): Promise<Buffer> {
  const png = await makePng();
  const iend = png.subarray(png.length - 12);
  const padLength = size - png.length - 12;
  if (padLength < 0) throw new Error('too small');
  const pad = Buffer.alloc(12 + padLength);
  pad.writeUInt32BE(padLength, 0);
  pad.write('prVt', 4, 'latin1');
  pad.writeUInt32BE(crc32(pad.subarray(4, 8 + padLength)), 8 + padLength);
  return Buffer.concat([png.subarray(0, png.length - 12), pad, iend]);
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(1)</script><rect width="10" height="10"/></svg>',
);

export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const noise = (n: number) => randomBytes(n);

type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

/** A multipart/form-data body, written out as a browser would. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----openbourse${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
