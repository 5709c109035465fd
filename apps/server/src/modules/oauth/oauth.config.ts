/**
 * Third-party sign-in settings from the environment: a provider configured without the back office
 * (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER), the public address users reach the web
 * app at (PUBLIC_URL: the callback's origin). Client secrets saved in the back office are sealed by the
 * server's secret box (lib/secret-box.ts). The back office's settings, once saved, win over the environment's.
 */
import { DEFAULT_GOOGLE_ISSUER } from '@openbourse/contracts/oauth.ts';

export interface OAuthOptions {
  google: { clientId?: string; clientSecret?: string; issuer: string };
  /** e.g. https://exchange.example.com; without it the callback's origin is the request's. */
  publicUrl?: string;
}

const set = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);

export function oauthOptionsFromEnv(env: NodeJS.ProcessEnv): OAuthOptions {
  const clientId = set(env.GOOGLE_CLIENT_ID);
  const clientSecret = set(env.GOOGLE_CLIENT_SECRET);
  const publicUrl = set(env.PUBLIC_URL)?.replace(/\/+$/, '');
  return {
    google: {
      ...(clientId ? { clientId } : {}),
      ...(clientSecret ? { clientSecret } : {}),
      issuer: set(env.GOOGLE_ISSUER) ?? DEFAULT_GOOGLE_ISSUER,
    },
    ...(publicUrl ? { publicUrl } : {}),
  };
}

/** The web route the provider sends users back to (apps/web login-callback.tsx). */
export const callbackPath = (provider: string) => `/api/loginCallback/${provider}`;

/**
 * Plain http is allowed for an issuer on this machine only (tests, a local provider); anything
 * else must be https, as OpenID Connect requires.
 */
export function issuerAllowed(issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
