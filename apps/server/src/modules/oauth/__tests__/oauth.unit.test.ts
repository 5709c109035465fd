import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../lib/secret-box.ts';
import { issuerAllowed, oauthOptionsFromEnv } from '../oauth.config.ts';
import { emailVerified } from '../oauth.oidc.ts';
import { createProviderSettings } from '../oauth.providers.ts';
import { redirectUriFor } from '../oauth.service.ts';

describe('Google sign-in settings', () => {
  it('reads GOOGLE_* and PUBLIC_URL from the environment; blanks are unset; Google is the default issuer', () => {
    expect(oauthOptionsFromEnv({})).toEqual({ google: { issuer: 'https://accounts.google.com' } });
    expect(
      oauthOptionsFromEnv({
        GOOGLE_CLIENT_ID: ' id ',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_ISSUER: 'https://idp.example.com',
        PUBLIC_URL: 'https://ex.example.com/',
      }),
    ).toEqual({
      google: { clientId: 'id', clientSecret: 'secret', issuer: 'https://idp.example.com' },
      publicUrl: 'https://ex.example.com',
    });
  });

  it('the environment configures a provider only with both the id and the secret', async () => {
    const box = createSecretBox('k', 'signin-providers');
    const half = createProviderSettings({ options: { google: { clientId: 'x', issuer: 'https://a.b' } }, box });
    expect(half.envClient()).toBeNull();
    const full = createProviderSettings({
      options: { google: { clientId: 'x', clientSecret: 'y', issuer: 'https://a.b' } },
      box,
    });
    expect(full.envClient()).toEqual({ provider: 'google', clientId: 'x', clientSecret: 'y', issuer: 'https://a.b' });
  });

  it('allows https issuers, and plain http only on this machine', () => {
    expect(issuerAllowed('https://accounts.google.com')).toBe(true);
    expect(issuerAllowed('http://127.0.0.1:4000')).toBe(true);
    expect(issuerAllowed('http://localhost:4000/realms/x')).toBe(true);
    expect(issuerAllowed('http://idp.example.com')).toBe(false);
    expect(issuerAllowed('ftp://idp.example.com')).toBe(false);
    expect(issuerAllowed('not a url')).toBe(false);
  });

  it('the callback address: PUBLIC_URL when set, else the origin the browser called from', () => {
    expect(redirectUriFor({ google: { issuer: '' } }, 'google', 'http://localhost:5173')).toBe(
      'http://localhost:5173/api/loginCallback/google',
    );
    expect(redirectUriFor({ google: { issuer: '' }, publicUrl: 'https://ex.com' }, 'google', 'http://evil')).toBe(
      'https://ex.com/api/loginCallback/google',
    );
  });

  it('email_verified is yes only for true (or the string "true" some providers send)', () => {
    expect(emailVerified(true)).toBe(true);
    expect(emailVerified('true')).toBe(true);
    for (const v of [false, 'false', undefined, null, 1, 'yes']) expect(emailVerified(v)).toBe(false);
  });
});
