import { ALL_ERROR_CODES } from '@openbourse/contracts/errors.ts';
import { LANGUAGES } from '@openbourse/contracts/languages.ts';
import { ERROR_MESSAGES } from '@openbourse/locales/server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

describe('core API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('answers /healthz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    // One process on the embedded database: every role, both leases held here.
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'pglite',
      roles: ['api', 'feed', 'engine', 'jobs'],
      owns: { feed: true, engine: true },
    });
  });

  it('publishes an OpenAPI document covering every customer route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/swx/docs/json' })).json() as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const routes = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter((l) => l.includes('/swx/customer'));
    expect(routes.length).toBeGreaterThan(0);
    for (const expected of [
      'POST /swx/customer/login/register',
      'POST /swx/customer/login/login',
      'POST /swx/customer/login/sendCode',
      'GET /swx/customer/login/checkUserNameOrPhone',
      'POST /swx/customer/user/getUserInfo',
      'POST /swx/customer/user/repassword',
      'POST /swx/customer/user/repasswordTx',
      'GET /swx/customer/index/listContents/{type}',
      'GET /swx/customer/index/getContentsById/{id}',
      'GET /swx/customer/index/getParamByKey/{key}',
      'GET /swx/customer/user/getBalances',
    ]) {
      expect(documented, expected).toContain(expected);
    }
  });

  it('answers unknown API paths with 40401 in an envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swx/customer/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 40401, result: null });
  });

  it('checks a username', async () => {
    const r = await t.call<{ exists: boolean }>('GET', '/swx/customer/login/checkUserNameOrPhone', {
      query: { username: 'nobody_here' },
    });
    expect(r.body).toMatchObject({ code: 200, result: { exists: false } });
    const empty = await t.call('GET', '/swx/customer/login/checkUserNameOrPhone');
    expect(empty.body.code).toBe(10001);
  });
});

describe('error catalogue', () => {
  it.each(LANGUAGES)('has every code in %s', (lang) => {
    for (const code of ALL_ERROR_CODES) {
      expect(ERROR_MESSAGES[lang][String(code)], `${lang} ${code}`).toBeTruthy();
    }
    expect(ERROR_MESSAGES[lang].unknown).toBeTruthy();
    expect(ERROR_MESSAGES[lang].timeout).toBeTruthy();
    for (const code of [10001, 10011, 90001, 90008]) {
      if (lang !== 'en') expect(ERROR_MESSAGES[lang][String(code)]).not.toBe(ERROR_MESSAGES.en[String(code)]);
    }
  });
});
