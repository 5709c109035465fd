import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';

/**
 * JPEG 2000 decoding with OpenJPEG's WebAssembly build (@cornerstonejs/codec-openjpeg): sharp's
 * libvips and Chromium cannot read it, so an upload is checked and shown through this.
 *
 * The decoder runs in one worker thread, started on the first JPEG 2000 and loaded there once: a
 * decode is synchronous and can take seconds (25 megapixels ≈ 3 s), which on the main thread would
 * stall every request and quote push. Decodes queue in the worker (one at a time, so memory stays
 * bounded); a decode that outlives its deadline or crashes the worker ends it, and the next one
 * starts a fresh worker. An idle worker is ended too: WebAssembly memory only grows, and a large
 * image leaves hundreds of MB behind.
 */
export interface DecodedImage {
  width: number;
  height: number;
  /** 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA. */
  channels: 1 | 2 | 3 | 4;
  /** 8-bit samples, interleaved, row by row. */
  pixels: Buffer;
}

export class Jpeg2000Error extends Error {
  constructor(reason: string) {
    super(`JPEG 2000 not decodable: ${reason}`);
    this.name = 'Jpeg2000Error';
  }
}

export interface Jpeg2000Decoder {
  decode(bytes: Uint8Array): Promise<DecodedImage>;
  /** Ends the worker (it is started again when needed). */
  close(): Promise<void>;
}

type Reply =
  | { id: number; ok: true; width: number; height: number; channels: 1 | 2 | 3 | 4; pixels: ArrayBuffer }
  | { id: number; ok: false; reason: string };

interface Pending {
  resolve(image: DecodedImage): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

const WORKER_URL = new URL('./jpeg2000.worker.mjs', import.meta.url);

export function createJpeg2000Decoder(opts: { timeoutMs?: number; idleMs?: number } = {}): Jpeg2000Decoder {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const idleMs = opts.idleMs ?? 60_000;
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function start(): Worker {
    const codecPath = createRequire(import.meta.url).resolve('@cornerstonejs/codec-openjpeg/wasmjs');
    const w = new Worker(WORKER_URL, { workerData: { codecPath } });
    w.unref();
    w.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      settle(reply.id);
      if (reply.ok) {
        const { width, height, channels } = reply;
        p.resolve({ width, height, channels, pixels: Buffer.from(reply.pixels) });
      } else {
        p.reject(new Jpeg2000Error(reply.reason));
      }
    });
    w.on('error', (err) => fail(w, err.message));
    w.on('exit', (code) => fail(w, `worker exited (${code})`));
    return w;
  }

  function settle(id: number) {
    const p = pending.get(id);
    if (p) clearTimeout(p.timer);
    pending.delete(id);
    if (pending.size === 0 && worker) {
      const w = worker;
      idleTimer = setTimeout(() => stop(w), idleMs);
      idleTimer.unref();
    }
  }

  /** The worker is gone or unusable: everything it held fails, and the next decode starts another. */
  function fail(w: Worker, reason: string) {
    if (worker !== w) return;
    worker = null;
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      pending.delete(id);
      p.reject(new Jpeg2000Error(reason));
    }
    void w.terminate();
  }

  function stop(w: Worker) {
    if (worker === w && pending.size === 0) {
      worker = null;
      void w.terminate();
    }
  }

  return {
    decode(bytes) {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      worker ??= start();
      const w = worker;
      const id = nextId++;
      return new Promise<DecodedImage>((resolve, reject) => {
        const timer = setTimeout(() => fail(w, `no answer within ${timeoutMs} ms`), timeoutMs);
        pending.set(id, { resolve, reject, timer });
        // A copy: the caller keeps its bytes (they are stored as the original).
        const copy = new Uint8Array(bytes).buffer;
        w.postMessage({ id, bytes: copy }, [copy]);
      });
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      const w = worker;
      if (w) {
        fail(w, 'decoder closed');
        await w.terminate();
      }
    },
  };
}

/** The rendition browsers can show: the decoded pixels as a PNG. */
export function pngOf(image: DecodedImage): Promise<Buffer> {
  const { width, height, channels } = image;
  return sharp(image.pixels, { raw: { width, height, channels } }).png().toBuffer();
}

let shared: Jpeg2000Decoder | null = null;

/** The process's decoder, made on first use (its worker starts on the first decode). */
export function sharedJpeg2000Decoder(): Jpeg2000Decoder {
  shared ??= createJpeg2000Decoder();
  return shared;
}
