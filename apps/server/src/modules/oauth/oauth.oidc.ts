/**
 * The OpenID Connect protocol, through openid-client: discovery of the provider's metadata (kept a
 * few minutes per client: a cache, not state), the authorization URL with PKCE (S256), state and
 * nonce, and the code's exchange, which checks the state, the ID token's signature, issuer,
 * audience, expiry and nonce.
 */
import * as client from 'openid-client';
import { issuerAllowed } from './oauth.config.ts';
import type { ProviderClient } from './oauth.providers.ts';

const DISCOVERY_TTL_MS = 10 * 60_000;
export const SCOPES = 'openid email profile';

export interface IdentityClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Whether an ID token's `email_verified` says yes (some providers send the string "true"). */
export const emailVerified = (value: unknown) => value === true || value === 'true';

export function createOidc() {
  const cache = new Map<string, { at: number; config: Promise<client.Configuration> }>();

  function discover(c: ProviderClient): Promise<client.Configuration> {
    const key = `${c.issuer}\n${c.clientId}\n${c.clientSecret}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    const insecure = new URL(c.issuer).protocol === 'http:';
    if (!issuerAllowed(c.issuer)) return Promise.reject(new Error(`issuer not allowed: ${c.issuer}`));
    const config = client.discovery(
      new URL(c.issuer),
      c.clientId,
      { client_secret: c.clientSecret },
      client.ClientSecretPost(c.clientSecret),
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    cache.set(key, { at: Date.now(), config });
    // A failed discovery is not kept: the next attempt asks again.
    config.catch(() => cache.delete(key));
    return config;
  }

  return {
    discover,

    /** A fresh attempt's secrets and the URL the browser goes to. */
    async authorizationUrl(c: ProviderClient, redirectUri: string) {
      const config = await discover(c);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPES,
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /** Exchanges the code (PKCE verifier) and checks the answer; throws when anything is off. */
    async exchange(
      c: ProviderClient,
      attempt: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
      response: { code: string; state: string; iss?: string | undefined },
    ): Promise<IdentityClaims> {
      const config = await discover(c);
      const current = new URL(attempt.redirectUri);
      current.searchParams.set('code', response.code);
      current.searchParams.set('state', response.state);
      if (response.iss) current.searchParams.set('iss', response.iss);
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      // Google puts the address in the ID token; a provider that keeps it for UserInfo is asked there.
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== 'string' && tokens.access_token) {
        profile = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      }
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof profile.email === 'string' ? profile.email.toLowerCase() : null,
        emailVerified: emailVerified(profile.email_verified),
        name: typeof profile.name === 'string' ? profile.name : null,
      };
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;
