import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('resolves a relative DATA_DIR against the directory npm was run in', () => {
    expect(loadConfig({ INIT_CWD: '/srv/openbourse' }).dataDir).toBe('/srv/openbourse/data');
    expect(loadConfig({ INIT_CWD: '/srv/openbourse', DATA_DIR: 'var/db' }).dataDir).toBe('/srv/openbourse/var/db');
    expect(loadConfig({ INIT_CWD: '/srv/openbourse', DATA_DIR: '/data/ob' }).dataDir).toBe('/data/ob');
    expect(loadConfig({}).dataDir).toBe(path.resolve('data'));
  });

  it('refuses a malformed value with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('trusts no proxy by default, and only a hop count or listed addresses when told', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8,127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('takes an S3 store for uploaded files only when every S3_* variable is set', () => {
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'openbourse-files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(loadConfig({}).S3_FORCE_PATH_STYLE).toBe(true);
    expect(loadConfig(s3)).toMatchObject({ ...s3, S3_FORCE_PATH_STYLE: true });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
    // Empty means unset: all five empty is no S3 at all.
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: '',
        S3_REGION: '',
        S3_BUCKET: '',
        S3_ACCESS_KEY_ID: '',
        S3_SECRET_ACCESS_KEY: '',
      }).S3_ENDPOINT,
    ).toBeUndefined();
    expect(() => loadConfig({ ...s3, S3_BUCKET: '' })).toThrow(/S3_BUCKET: S3_\* are all or none/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY missing/,
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
