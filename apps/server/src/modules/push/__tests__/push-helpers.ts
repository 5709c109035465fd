import { createECDH, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's push keys, as PushSubscription.toJSON() gives them, with the private half to decrypt. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    /** Decrypts an aes128gcm push body (RFC 8291) as the browser would. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLen = body[20]!;
      const serverPublic = body.subarray(21, 21 + idLen);
      const ciphertext = body.subarray(21 + idLen);
      const hmac = (key: Buffer, ...data: Buffer[]) => {
        const h = createHmac('sha256', key);
        for (const d of data) h.update(d);
        return h.digest();
      };
      const secret = ecdh.computeSecret(serverPublic);
      const prkKey = hmac(auth, secret);
      const ikm = hmac(prkKey, Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic, Buffer.from([1]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      let end = plain.length - 1;
      while (end > 0 && plain[end] === 0) end--;
      // The last record ends with the delimiter 0x02 before its padding.
      return plain.subarray(0, end).toString('utf8');
    },
  };
}

export interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local stand-in for a push service: records each POST and answers with `status` (or never,
 * for `hang`), so a test reads what the platform sent and sees how it handles each answer.
 */
export async function startPushService() {
  const received: PushRequest[] = [];
  const waiters: (() => void)[] = [];
  let status = 201;
  let hang = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      for (const w of waiters.splice(0)) w();
      if (hang) return;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    endpoint: (name: string) => `http://127.0.0.1:${port}/push/${name}`,
    answer(next: number) {
      status = next;
      hang = false;
    },
    hang() {
      hang = true;
    },
    /** Resolves once `n` requests have come in (or fails after `ms`). */
    async waitFor(n: number, ms = 10_000) {
      const until = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`push service: ${received.length} of ${n} requests`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
