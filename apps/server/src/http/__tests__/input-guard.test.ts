import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { DRIVERS, openTestDatabase } from '../../test/db.ts';
import { registerErrorHandling } from '../error-handler.ts';
import { findNulField } from '../input-guard.ts';

const NUL = '\u0000';

/**
 * PostgreSQL text cannot hold U+0000: a NUL byte anywhere in a request's body, query string or
 * path answers 40001 naming the field, before validation and long before a query could fail.
 */
describe.each(DRIVERS)('NUL bytes in input on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  const refused = (res: { status: number; body: { code: number; field?: string; result: unknown } }, field: string) => {
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 40001, field, result: null });
    expect(JSON.stringify(res.body)).not.toContain('\\u0000');
  };

  it('refuses one in a login username or password', async () => {
    refused(
      await t.call('POST', '/swx/customer/login/login', { body: { username: `al${NUL}ice`, password: 'Secret123' } }),
      'username',
    );
    refused(
      await t.call('POST', '/swx/customer/login/login', { body: { username: 'alice', password: `Secret${NUL}` } }),
      'password',
    );
    refused(await t.call('POST', '/swx/customer/login/login', { body: { username: NUL, password: NUL } }), 'username');
  });

  it('refuses one in a nested field or a key, naming its path', async () => {
    const body = { username: 'alice', password: 'Secret123', extra: { list: [{ note: 'ok' }, { note: `x${NUL}` }] } };
    refused(await t.call('POST', '/swx/customer/login/login', { body }), 'extra.list.1.note');
    refused(
      await t.call('POST', '/swx/customer/login/login', { body: { username: 'alice', [`pass${NUL}word`]: 'x' } }),
      'password',
    );
    const u = await registerUser(t);
    const order = { instrumentId: 1, side: 'buy', lots: '0.1', leverage: 10, clientOrderId: `web-${NUL}` };
    refused(await t.call('POST', '/swx/customer/order/buyU', { token: u.token, body: order }), 'clientOrderId');
  });

  it('refuses one in a query string, a repeated key included', async () => {
    refused(await t.call('GET', '/swx/customer/index/listMarketByType?type=2&x=%00'), 'x');
    refused(await t.call('GET', '/swx/customer/index/listMarketByType?type=2%00'), 'type');
    refused(await t.call('GET', '/swx/customer/index/listMarketByType?type=2&ids=1&ids=a%00b'), 'ids.1');
    const clean = await t.call('GET', '/swx/customer/index/listMarketByType?type=2');
    expect(clean.body.code).toBe(200);
  });

  it('refuses one in a path parameter', async () => {
    refused(await t.call('GET', '/swx/customer/index/getParamByKey/site%00name'), 'key');
    refused(await t.call('GET', '/swx/customer/index/getTick/1%00'), 'id');
    const u = await registerUser(t);
    refused(await t.call('GET', '/swx/customer/order/getUOrderById/%00', { token: u.token }), 'id');
  });

  it('refuses input nested deeper than any request needs', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const res = await t.call('POST', '/swx/customer/login/login', { body: { username: 'a', password: 'b', deep } });
    expect(res.body).toMatchObject({ code: 40001, result: null });
    expect(res.body.field).toMatch(/^deep(\.a)+$/);
  });
});

describe('findNulField', () => {
  it('names the first offending field in document order, and nothing for clean input', () => {
    expect(findNulField({ a: 'ok', b: [1, null, true, { c: `x${NUL}` }], d: NUL })).toBe('b.3.c');
    expect(findNulField([`${NUL}`])).toBe('0');
    expect(findNulField(NUL)).toBe('');
    expect(findNulField({ a: 'x', b: [1, 'y', { c: 'z' }], d: null, e: undefined })).toBeNull();
    expect(findNulField(Buffer.from([0, 0]))).toBeNull();
  });

  it('walks an object linking back to itself once (as multipart bodies do)', () => {
    const body: Record<string, unknown> = { name: 'a.png' };
    body.file = { fieldname: 'file', fields: body, data: Buffer.from([0]) };
    expect(findNulField(body)).toBeNull();
    (body.file as Record<string, unknown>).filename = `a${NUL}.png`;
    expect(findNulField(body)).toBe('file.filename');
  });

  it('walks wide input without recursion', () => {
    const wide = Array.from({ length: 50_000 }, (_, i) => ({ v: String(i) }));
    expect(findNulField(wide)).toBeNull();
    wide[49_999] = { v: NUL };
    expect(findNulField(wide)).toBe('49999.v');
  });
});

/** Unexpected errors are logged with the route and the database's code, never a query's parameters. */
describe.each(DRIVERS)('logging an unexpected database error on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => database?.close());

  it('logs the route, the SQLSTATE and stack frames, not the SQL parameters', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });
    registerErrorHandling(app);
    const secret = 'alice-secret@example.com';
    app.get('/boom/:id', async () => database.db.execute(sql`select ${secret}::int as n`));
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: `/boom/${encodeURIComponent(secret)}?q=${secret}` });
      expect(res.json()).toMatchObject({ code: 50000, result: null });
      expect(lines).toHaveLength(1);
      const log = JSON.parse(lines[0]!);
      expect(log).toMatchObject({ msg: 'unhandled error', route: '/boom/:id', method: 'GET' });
      expect(log.error).toMatchObject({ type: 'DrizzleQueryError', message: 'Failed query' });
      expect(log.error.cause).toMatchObject({ code: '22P02' });
      expect(log.error.cause.message).toMatch(/invalid input syntax/);
      expect(log.error.stack).toMatch(/^\s+at /);
      expect(lines[0]).not.toContain('alice');
      expect(lines[0]).not.toMatch(/select/i);
    } finally {
      await app.close();
    }
  });
});
