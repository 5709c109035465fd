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
});
