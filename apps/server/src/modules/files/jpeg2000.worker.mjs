// Decodes JPEG 2000 with OpenJPEG's WebAssembly build, off the main thread: decoding is synchronous
// and takes seconds for a large image, which would stall every other request and socket. Plain
// JavaScript so that any runtime (tsx, vitest, plain node) can start it as a worker.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const factory = require(workerData.codecPath);
/** Loaded once per worker; its messages ([INFO]/[ERROR] lines) are not for our logs. */
const load = () => factory({ print() {}, printErr() {} });
let codec = load();

/** The image is not one we take; the codec itself is fine. */
class NotDecodable extends Error {}

parentPort.on('message', async ({ id, bytes }) => {
  try {
    const lib = await codec;
    const image = decode(lib, new Uint8Array(bytes));
    parentPort.postMessage({ id, ok: true, ...image }, [image.pixels]);
  } catch (err) {
    // Anything else came out of the WebAssembly (a C++ exception, an abort): its state is not to
    // be trusted after that, so the next image gets a freshly loaded codec.
    if (!(err instanceof NotDecodable)) codec = load();
    parentPort.postMessage({ id, ok: false, reason: err instanceof Error ? err.message : `codec error ${err}` });
  }
});

function decode(lib, bytes) {
  const decoder = new lib.J2KDecoder();
  try {
    decoder.getEncodedBuffer(bytes.length).set(bytes);
    decoder.decode();
    const { width, height, bitsPerSample: bits, componentCount: channels, isSigned } = decoder.getFrameInfo();
    // A failed decode does not throw: it leaves an empty frame.
    if (width === 0 || height === 0) throw new NotDecodable('not decodable');
    if (channels < 1 || channels > 4) throw new NotDecodable(`${channels} components`);
    if (bits < 1 || bits > 16) throw new NotDecodable(`${bits} bits per sample`);
    const decoded = decoder.getDecodedBuffer();
    const bytesPerSample = bits > 8 ? 2 : 1;
    if (decoded.length !== width * height * channels * bytesPerSample) throw new NotDecodable('unexpected layout');
    return { width, height, channels, pixels: to8Bit(decoded, bits, isSigned).buffer };
  } finally {
    decoder.delete();
  }
}

/** Interleaved samples of any depth up to 16 bits, signed or not, as 8-bit unsigned. */
function to8Bit(decoded, bits, isSigned) {
  const n = bits > 8 ? decoded.length / 2 : decoded.length;
  const out = new Uint8Array(n);
  const src =
    bits > 8
      ? new (isSigned ? Int16Array : Uint16Array)(decoded.buffer, decoded.byteOffset, n)
      : new (isSigned ? Int8Array : Uint8Array)(decoded.buffer, decoded.byteOffset, n);
  const offset = isSigned ? 2 ** (bits - 1) : 0;
  const max = 2 ** bits - 1;
  for (let i = 0; i < n; i++) {
    const v = Math.min(max, Math.max(0, src[i] + offset));
    out[i] = bits === 8 ? v : Math.round((v * 255) / max);
  }
  return out;
}
