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
});
