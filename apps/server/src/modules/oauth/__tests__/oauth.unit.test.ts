import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { issuerAllowed, oauthOptionsFromEnv } from '../oauth.config.ts';
import { emailVerified } from '../oauth.oidc.ts';
import { createProviderSettings } from '../oauth.providers.ts';
import { createSecretBox, secretsKey } from '../oauth.secrets.ts';
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
        SECRETS_KEY: '',
      }),
    ).toEqual({
      google: { clientId: 'id', clientSecret: 'secret', issuer: 'https://idp.example.com' },
      publicUrl: 'https://ex.example.com',
    });
  });

  it('the environment configures a provider only with both the id and the secret', async () => {
    const box = createSecretBox('k');
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

describe('client secrets at rest', () => {
  it('seal and open under one key; another key or a tampered value reads as missing', () => {
    const box = createSecretBox('one key');
    const sealed = box.seal('s3cret-value');
    expect(sealed).not.toContain('s3cret');
    expect(sealed).not.toBe(box.seal('s3cret-value'));
    expect(box.open(sealed)).toBe('s3cret-value');
    expect(createSecretBox('another key').open(sealed)).toBeNull();
    const [v, iv, tag, body = ''] = sealed.split(':');
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open([v, iv, tag, flipped].join(':'))).toBeNull();
    expect(box.open('plain:s3cret-value')).toBeNull();
  });

  it('without SECRETS_KEY a key file is made once in DATA_DIR and reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-signin-key-'));
    try {
      expect(secretsKey({ configured: 'configured', dataDir: dir })).toBe('configured');
      expect(fs.existsSync(path.join(dir, 'signin.key'))).toBe(false);
      const first = secretsKey({ dataDir: dir });
      expect(first.length).toBeGreaterThanOrEqual(43);
      expect(secretsKey({ dataDir: dir })).toBe(first);
      expect((fs.statSync(path.join(dir, 'signin.key')).mode & 0o777).toString(8)).toBe('600');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
