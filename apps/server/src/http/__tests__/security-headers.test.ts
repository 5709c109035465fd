import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DRIVERS, openTestDatabase } from '../../test/db.ts';
import { HSTS, hashInlineBlocks, inlineHashesOf, registerSecurityHeaders } from '../security-headers.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The CSP header as a map: directive → its sources. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy').toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** What every answer carries, whatever it is. */
function expectCommonHeaders(res: LightMyRequestResponse) {
  const policy = csp(res);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']?.[0]).toBe("'self'");
  expect(policy['script-src']).not.toContain("'unsafe-inline'");
  expect(policy['script-src']).not.toContain("'unsafe-eval'");
  expect(policy['script-src-attr']).toEqual(["'none'"]);
  expect(policy['style-src']?.[0]).toBe("'self'");
  expect(policy['style-src']).not.toContain("'unsafe-inline'");
  expect(policy['style-src-attr']).not.toContain("'unsafe-inline'");
  expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  expect(policy['font-src']).toEqual(["'self'", 'data:']);
  expect(policy['connect-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['form-action']).toEqual(["'self'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  // Plain http must keep working on a self-hosted server: nothing upgrades its requests.
  expect(policy).not.toHaveProperty('upgrade-insecure-requests');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
}

describe('hashInlineBlocks', () => {
  it('hashes inline scripts (not those with src), <style> blocks and style attributes as the browser reads them', () => {
    const script = '\n  var a = "<b>" + 1;\n';
    const html = [
      '<!doctype html><html><head>',
      `<script>${script}</script>`,
      '<script type="module" src="/assets/app.js"></script>',
      '<style>html { color: red; }</style>',
      '</head><body>',
      '<span class="x" style="width: 60%; height: 1em;"></span>',
      `<i title='a > b' style='font-family: &quot;Noto&quot;, serif'></i>`,
      '<!-- <p style="color: blue"></p> -->',
      '<p>it&#39;s <b>fine</b></p>',
      '</body></html>',
    ].join('\n');
    const h = hashInlineBlocks(html);
    expect(h.scripts).toEqual([sha(script)]);
    expect(h.styles).toEqual([sha('html { color: red; }')]);
    expect(h.styleAttrs).toBe(
      `'unsafe-hashes' ${sha('width: 60%; height: 1em;')} ${sha('font-family: "Noto", serif')}`,
    );
  });

  it('hashes the text with CRLF turned into LF, as the HTML parser hands it over', () => {
    expect(hashInlineBlocks('<script>a();\r\nb();\r</script>').scripts).toEqual([sha('a();\nb();\n')]);
  });

  it('allows no style attribute when the page has none', () => {
    expect(hashInlineBlocks('<html><body><p>hi</p></body></html>')).toEqual({
      scripts: [],
      styles: [],
      styleAttrs: "'none'",
    });
  });

  it('follows a rebuilt index.html without a restart, and a missing one allows nothing inline', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-csp-'));
    try {
      const file = path.join(dir, 'index.html');
      let now = 0;
      const current = inlineHashesOf(file, () => now);
      expect(current().scripts).toEqual([]);
      fs.writeFileSync(file, '<script>one()</script>');
      now += 1000;
      expect(current().scripts).toEqual([sha('one()')]);
      fs.writeFileSync(file, '<script>two(2)</script>');
      now += 999;
      expect(current().scripts).toEqual([sha('one()')]);
      now += 1;
      expect(current().scripts).toEqual([sha('two(2)')]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('security headers of the app serving a built web app', () => {
  const BOOT = "\n(function () { document.documentElement.setAttribute('data-layout', 'desktop'); })();\n";
  const CSS = '.boot { display: grid; }';
  let dir: string;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ob-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><script>${BOOT}</script><style>${CSS}</style></head>` +
        '<body><div id="root"><span class="skeleton" style="width: 60%; height: 1em;"></span></div></body></html>',
    );
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'export {};\n');
    fs.writeFileSync(path.join(dir, 'favicon.png'), 'png');
    database = await openTestDatabase('pglite');
    ({ app } = await buildApp({
      config: { MAIL_FROM: 'test@localhost', SESSION_TTL_HOURS: 24, SMTP_URL: undefined, WEB_DIST: dir },
      database,
      market: { feed: 'off', historyCandles: 0 },
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html with a CSP allowing exactly its inline script, style block and style attribute', async () => {
    for (const url of ['/', '/market', '/pass/login']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(BOOT);
      expectCommonHeaders(res);
      const policy = csp(res);
      expect(policy['script-src']).toEqual(["'self'", sha(BOOT)]);
      expect(policy['style-src']).toEqual(["'self'", sha(CSS)]);
      expect(policy['style-src-attr']).toEqual(["'unsafe-hashes'", sha('width: 60%; height: 1em;')]);
      // index.html keeps its own caching rule (always revalidated), and plain http brings no HSTS.
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps the static files’ caching headers', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expectCommonHeaders(asset);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.png' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing build file with a 404, never with the index page', async () => {
    for (const url of ['/assets/app-old999.js', '/assets/gone.css', '/robots-old.txt', '/admin/assets/old.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 40401 });
    }
    // Client-side routes still get the app.
    expect((await app.inject({ method: 'GET', url: '/profile/deposit' })).statusCode).toBe(200);
  });

  it('answers the API with no-store, the OpenAPI document included', async () => {
    const docs = await app.inject({ method: 'GET', url: '/swx/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    expectCommonHeaders(docs);
    expect(docs.headers['cache-control']).toBe('no-store');
    const missing = await app.inject({ method: 'GET', url: '/swx/customer/nope' });
    expect(missing.statusCode).toBe(404);
    expectCommonHeaders(missing);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('Strict-Transport-Security and Cache-Control', () => {
  const webDist = '/nonexistent';
  const build = async (trustProxy: boolean) => {
    const app = Fastify({ trustProxy });
    await registerSecurityHeaders(app, { webDist });
    app.get('/swx/customer/private', async () => ({ code: 200 }));
    app.get('/swx/customer/cached', async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=60').send({}),
    );
    app.get('/page', async () => 'page');
    await app.ready();
    return app;
  };
  let trusting: FastifyInstance;
  let direct: FastifyInstance;
  beforeAll(async () => {
    trusting = await build(true);
    direct = await build(false);
  });
  afterAll(async () => {
    await trusting?.close();
    await direct?.close();
  });

  it('sends HSTS when the request came over TLS through a trusted proxy', async () => {
    for (const url of ['/swx/customer/private', '/page']) {
      const res = await trusting.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toBe(HSTS);
      expect(HSTS).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('never sends HSTS over plain http, nor when an untrusted client claims https', async () => {
    const plain = await trusting.inject({ method: 'GET', url: '/page' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await trusting.inject({ method: 'GET', url: '/page', headers: { 'x-forwarded-proto': 'http' } });
    expect(proxied.headers['strict-transport-security']).toBeUndefined();
    const claimed = await direct.inject({ method: 'GET', url: '/page', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('marks API answers no-store unless the route chose its own caching; other answers are left alone', async () => {
    const priv = await direct.inject({ method: 'GET', url: '/swx/customer/private' });
    expect(priv.headers['cache-control']).toBe('no-store');
    expectCommonHeaders(priv);
    const cached = await direct.inject({ method: 'GET', url: '/swx/customer/cached' });
    expect(cached.headers['cache-control']).toBe('public, max-age=60');
    const page = await direct.inject({ method: 'GET', url: '/page' });
    expect(page.headers['cache-control']).toBeUndefined();
    expectCommonHeaders(page);
  });

  it('allows no inline script or style without a built index.html', async () => {
    const policy = csp(await direct.inject({ method: 'GET', url: '/page' }));
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['style-src-attr']).toEqual(["'none'"]);
  });
});

describe.each(DRIVERS)('security headers of API answers on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seedDemo: true });
  });
  afterAll(async () => t?.close());

  it('the login answer (it carries the session token) has every header and no-store', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/login/login',
      payload: { username: 'demo', password: 'Demo12345' },
    });
    expect(res.json()).toMatchObject({ code: 200, result: { token: expect.any(String) } });
    expectCommonHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('private answers (balances, user info) have no-store, refusals too', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/login/login',
      payload: { username: 'demo', password: 'Demo12345' },
    });
    const token = (login.json() as { result: { token: string } }).result.token;
    for (const [method, url] of [
      ['GET', '/swx/customer/user/getBalances'],
      ['POST', '/swx/customer/user/getUserInfo'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: token } });
      expect(res.json(), url).toMatchObject({ code: 200 });
      expectCommonHeaders(res);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({ method: 'GET', url: '/swx/customer/user/getBalances' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expectCommonHeaders(refused);
  });
});
