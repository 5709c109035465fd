/**
 * A software passkey for tests: a P-256 key pair making the attestation ("none") and assertions a
 * browser's authenticator would, CBOR and all, so the server's WebAuthn checks run for real.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
}

type Cbor = number | string | Buffer | Map<number | string, Cbor>;

function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const b = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, b.length), b]);
  }
  if (Buffer.isBuffer(v)) return Buffer.concat([head(2, v.length), v]);
  const parts = [head(5, v.size)];
  for (const [k, val] of v) parts.push(cbor(k), cbor(val));
  return Buffer.concat(parts);
}

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest();
const b64 = (b: Buffer) => b.toString('base64url');

export function softAuthenticator(origin = 'http://localhost') {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  let counter = 0;

  const flagsAndCount = (flags: number) => {
    const b = Buffer.alloc(5);
    b[0] = flags;
    b.writeUInt32BE(counter, 1);
    return b;
  };

  return {
    id: b64(credentialId),
    origin,
    /** Keeps the counter where it is (a clone replaying it is refused by the server). */
    freezeCounter: false,

    /** startRegistration's answer to the server's options. */
    register(options: { challenge: string }, overrides: { origin?: string } = {}) {
      const clientData = Buffer.from(
        JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: overrides.origin ?? origin }),
      );
      const cose = cbor(
        new Map<number, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x as string, 'base64url')],
          [-3, Buffer.from(jwk.y as string, 'base64url')],
        ]),
      );
      const idLen = Buffer.alloc(2);
      idLen.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([sha(rpId), flagsAndCount(0x45), Buffer.alloc(16), idLen, credentialId, cose]);
      const attestation = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: { clientDataJSON: b64(clientData), attestationObject: b64(attestation), transports: ['internal'] },
        clientExtensionResults: {},
      };
    },

    /** startAuthentication's answer: the counter moves on each time. */
    assert(options: { challenge: string }) {
      if (!this.freezeCounter) counter += 1;
      const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }));
      const authData = Buffer.concat([sha(rpId), flagsAndCount(0x05)]);
      const signature = sign('sha256', Buffer.concat([authData, sha(clientData)]), privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature) },
        clientExtensionResults: {},
      };
    },
  };
}
