/**
 * WebAuthn through @simplewebauthn/server: the relying party (id and origin) of a request, and the
 * ceremonies' checks. Every verification failure is a refusal the caller maps to its code, never a 500.
 */
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeyRow } from './twofactor.tables.ts';

/** Who the passkeys belong to: the rp id (a host name) and the origin browsers sign. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

/**
 * The relying party of a request: `PUBLIC_URL`'s when an operator set it (behind a proxy, say),
 * else the origin the browser sent (a passkey is bound by the browser to its site: another site's
 * page cannot produce an assertion for this one), else the request's own host.
 */
export function relyingParty(
  publicUrl: string | undefined,
  req: { headers: Record<string, string | string[] | undefined>; protocol: string; host: string },
): RelyingParty {
  const raw =
    publicUrl ?? (typeof req.headers.origin === 'string' ? req.headers.origin : `${req.protocol}://${req.host}`);
  try {
    const url = new URL(raw);
    return { rpID: url.hostname, origin: url.origin };
  } catch {
    return { rpID: 'invalid.invalid', origin: 'https://invalid.invalid' };
  }
}

const bytes = (b64url: string) => new Uint8Array(Buffer.from(b64url, 'base64url'));
const b64url = (u: Uint8Array) => Buffer.from(u).toString('base64url');

/** The challenge a browser signed, read from its client data (null when unreadable). */
export function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 256 ? data.challenge : null;
  } catch {
    return null;
  }
}

export async function registrationOptions(
  rp: RelyingParty,
  rpName: string,
  user: { id: number; username: string },
  existing: PasskeyRow[],
) {
  return generateRegistrationOptions({
    rpName,
    rpID: rp.rpID,
    userName: user.username,
    userID: new TextEncoder().encode(`u${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, ...transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: 5 * 60_000,
  });
}

/** The new credential when the attestation answers `challenge` for this site, else null. */
export async function verifyRegistration(rp: RelyingParty, challenge: string, response: unknown) {
  try {
    const out = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    if (!out.verified) return null;
    const c = out.registrationInfo.credential;
    return { credentialId: c.id, publicKey: b64url(c.publicKey), counter: c.counter, transports: c.transports ?? [] };
  } catch {
    return null;
  }
}

export async function authenticationOptions(rp: RelyingParty, passkeys: PasskeyRow[]) {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, ...transportsOf(p) })),
    userVerification: 'preferred',
    timeout: 5 * 60_000,
  });
}

/** The authenticator's new counter when the assertion is the passkey's over `challenge`, else null. */
export async function verifyAssertion(rp: RelyingParty, challenge: string, passkey: PasskeyRow, response: unknown) {
  try {
    const out = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: bytes(passkey.publicKey),
        counter: passkey.counter,
        ...transportsOf(passkey),
      },
      requireUserVerification: false,
    });
    return out.verified ? out.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

function transportsOf(p: PasskeyRow) {
  // biome-ignore lint/suspicious/noExplicitAny: the library's transport union, stored as text
  return p.transports ? { transports: p.transports.split(',') as any[] } : {};
}
